import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/**
 * Page size when none is asked for, and the largest page: the reference documents no global default
 * (rest-api.md §3 shows 30, 100 and 1000 per endpoint) and tells clients to keep per_page ≤ 2,000; we
 * answer 100 by default and at most 1,000. A per_page or page outside its range is refused with 400 and
 * says the range — never clamped silently, so a client learns its page is not what it asked for.
 */
export const DEFAULT_PER_PAGE = 100;
export const MAX_PER_PAGE = 1000;
const MAX_PAGE = 1_000_000;

export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

function integerParam(value: unknown, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (
    typeof value !== 'string' ||
    !/^-?\d{1,12}$/.test(value.trim()) ||
    Number(value) < min ||
    Number(value) > max
  ) {
    throw badRequest(`Invalid ${name}: it must be an integer from ${min} to ${max}`, {
      [name]: [`must be an integer from ${min} to ${max}`],
    });
  }
  return Number(value);
}

/** The page and per_page query parameters (page from 1). */
export function pageRequest(query: Record<string, unknown>): PageRequest {
  const perPage = integerParam(query.per_page, 'per_page', 1, MAX_PER_PAGE, DEFAULT_PER_PAGE);
  const page = integerParam(query.page, 'page', 1, MAX_PAGE, 1);
  return { page, perPage, offset: (page - 1) * perPage };
}

/**
 * The Link relations of a page, by the reference's rule (rest-api.md §3): page 1 carries next and last;
 * page 2 adds first; page 3 and later carry all four; the last page drops next.
 */
export function linkRelations(page: number, lastPage: number): { rel: string; page: number }[] {
  const links: { rel: string; page: number }[] = [];
  if (page >= 2) links.push({ rel: 'first', page: 1 });
  if (page >= 3) links.push({ rel: 'prev', page: page - 1 });
  if (page < lastPage) links.push({ rel: 'next', page: page + 1 });
  links.push({ rel: 'last', page: lastPage });
  return links;
}

/**
 * The Link header: absolute URLs of the same request with its other query parameters (filters) kept
 * as sent and page/per_page set.
 */
export function linkHeader(
  base: string,
  rawQuery: string,
  page: number,
  perPage: number,
  total: number,
): string {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const kept = rawQuery.split('&').filter((part) => part !== '' && !/^(page|per_page)(=|$)/.test(part));
  return linkRelations(page, lastPage)
    .map(({ rel, page: target }) => {
      const query = [...kept, `page=${target}`, `per_page=${perPage}`].join('&');
      return `<${base}?${query}>; rel="${rel}"`;
    })
    .join(', ');
}

/** Total, Per-Page and Link on a list answer. */
export function setPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  publicBase: string,
  paging: PageRequest,
  total: number,
): void {
  const [path = '', rawQuery = ''] = request.url.split('?', 2);
  reply.header('Total', String(total));
  reply.header('Per-Page', String(paging.perPage));
  reply.header('Link', linkHeader(`${publicBase}${path}`, rawQuery, paging.page, paging.perPage, total));
}
