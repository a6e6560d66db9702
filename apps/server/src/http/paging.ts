// The list query itself (page, per_page, sort[], filters[…]) is declared in packages/shared (query.ts);
// these helpers turn it into SQL and headers.
import type { FastifyReply } from 'fastify';

export interface Page {
  page: number;
  per_page: number;
}

export interface SortTerm<K extends string = string> {
  key: K;
  direction: 'asc' | 'desc';
}

/** `['-created_at', 'name']` → `[{key: 'created_at', direction: 'desc'}, {key: 'name', direction: 'asc'}]`. */
export function sortTerms<K extends string>(sort: readonly string[]): SortTerm<K>[] {
  return sort.map((term) =>
    term.startsWith('-')
      ? { key: term.slice(1) as K, direction: 'desc' }
      : { key: term as K, direction: 'asc' },
  );
}

export function pageOffset({ page, per_page }: Page): number {
  return (page - 1) * per_page;
}

/** Sets the paging headers the web reads (spec 1 §7: "headers total and per-page give paging"). */
export function setPagingHeaders(reply: FastifyReply, total: number, perPage: number): void {
  reply.header('Total', String(total));
  reply.header('Per-Page', String(perPage));
  reply.header('Access-Control-Expose-Headers', 'Total, Per-Page');
}

/** Escapes % and _ so a search term matches literally inside ILIKE. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
