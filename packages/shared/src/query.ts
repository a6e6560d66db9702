import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './paging';

/** A database integer id: positive and within PostgreSQL's `integer`. */
export const MAX_ID = 2_147_483_647;
export const id = z.coerce
  .number<number | string>()
  .int()
  .positive()
  .max(MAX_ID, { message: `must be at most ${MAX_ID}` });

/** `:id` of a route. */
export const idParams = z.strictObject({ id });

const pageFields = {
  page: z.coerce
    .number<number | string>()
    .int()
    .min(1, { message: 'must be at least 1' })
    .max(MAX_ID, { message: `must be at most ${MAX_ID}` })
    .default(1),
  per_page: z.coerce
    .number<number | string>()
    .int()
    .min(1, { message: 'must be at least 1' })
    .max(MAX_PER_PAGE, { message: `must be at most ${MAX_PER_PAGE}` })
    .default(DEFAULT_PER_PAGE),
};

/** `page` and `per_page` alone, for lists without sorting or filters (ARCHITECTURE.md "Lists"). */
export const pageQuery = z.strictObject(pageFields);
export type PageQuery = z.input<typeof pageQuery>;

/** The `sort[]` values of a list whose columns sort by these keys: `key` ascending, `-key` descending. */
export type SortValue<K extends string> = K | `-${K}`;

/**
 * The query of a sorted, filtered list: page, per_page, `sort[]=-created_at` and `filters[…]` (bracket
 * format). `filters` is the area's own object, so an unknown filter is refused.
 */
export function listQuery<const K extends string, F extends z.ZodObject>(sortKeys: readonly K[], filters: F) {
  const values = [...sortKeys, ...sortKeys.map((key) => `-${key}` as const)] as [
    SortValue<K>,
    ...SortValue<K>[],
  ];
  const sortValue = z.enum(values, {
    message: `must be one of ${sortKeys.join(', ')} (prefix - for descending)`,
  });
  return z.strictObject({
    ...pageFields,
    sort: z
      .union([sortValue, z.array(sortValue).max(5)])
      .optional()
      .transform((value): SortValue<K>[] =>
        value === undefined ? [] : Array.isArray(value) ? value : [value],
      ),
    filters: filters.optional(),
  });
}

/** A boolean in a query string: `true`/`false` (also `1`/`0`), as the bracket filters send them. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');
