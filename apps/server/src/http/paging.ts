import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@lintel/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * The list query of every index route: page, per_page, sort[] and filters[...] (bracket format, parsed
 * with qs). `filters` is the area's own zod object so that unknown filters are refused.
 */
const pageFields = {
  page: z.coerce.number().int().min(1, { message: 'must be at least 1' }).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1, { message: 'must be at least 1' })
    .max(MAX_PER_PAGE, { message: `must be at most ${MAX_PER_PAGE}` })
    .default(DEFAULT_PER_PAGE),
};

/** `page` and `per_page` alone, for lists without sorting or filters. */
export const pageQuery = z.strictObject(pageFields);

export function listQuery<const SortKey extends string, F extends z.ZodObject>(
  sortKeys: readonly SortKey[],
  filters: F,
) {
  const sortValue = z.enum(
    [...sortKeys, ...sortKeys.map((key) => `-${key}` as `-${SortKey}`)] as [string, ...string[]],
    {
      message: `must be one of ${sortKeys.join(', ')} (prefix - for descending)`,
    },
  );
  return z.strictObject({
    ...pageFields,
    sort: z
      .union([sortValue, z.array(sortValue).max(5)])
      .optional()
      .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
    filters: filters.optional(),
  });
}

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
