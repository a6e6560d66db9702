/** Default and maximum page sizes of every list (ARCHITECTURE.md "HTTP conventions"). */
export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 100;

/** Total pages of a list: never fewer than one, so an empty list still has page 1 (spec 1 §9). */
export function totalPages(total: number, perPage: number): number {
  if (!Number.isFinite(total) || !Number.isFinite(perPage) || perPage <= 0) return 1;
  return Math.max(1, Math.ceil(total / perPage));
}

/** Whether a page may be fetched: pages outside 1..totalPages never are (spec 1 §4). */
export function isFetchablePage(page: number, pages: number): boolean {
  return Number.isInteger(page) && page >= 1 && page <= pages;
}

/**
 * Next sort of a column after a click: ascending → descending ('-' prefix) → cleared (spec 1 §4).
 * Returns the sort parameter to send, or null when the sort is cleared.
 */
export function nextSort(current: string | null | undefined, key: string): string | null {
  if (current === key) return `-${key}`;
  if (current === `-${key}`) return null;
  return key;
}

/** The direction a column shows for the current sort parameter. */
export function sortDirection(current: string | null | undefined, key: string): 'asc' | 'desc' | null {
  if (current === key) return 'asc';
  if (current === `-${key}`) return 'desc';
  return null;
}
