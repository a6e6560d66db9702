import { DEFAULT_PER_PAGE, isFetchablePage, totalPages } from '@lintel/shared';
import { useCallback, useMemo, useState } from 'react';

export interface ListStateOptions<F> {
  initialSort?: string | null;
  initialFilters: F;
  perPage?: number;
}

export interface ListState<F> {
  page: number;
  perPage: number;
  sort: string | null;
  filters: F;
  /** Pages known from the last answer; unknown (Infinity) before the first one. */
  pages: number;
  /** Moves to a page; pages outside 1..pages are ignored, never fetched (spec 1 §4). */
  setPage: (page: number) => void;
  /** A new sort reloads from page 1 (spec 1 §4). */
  setSort: (sort: string | null) => void;
  /** A new filter value reloads from page 1 (spec 1 §4). */
  setFilter: <K extends keyof F>(key: K, value: F[K]) => void;
  /** Records the paging of an answer: the server's per-page overrides ours, the page is clamped. */
  syncPaging: (total: number, perPage: number) => void;
}

interface State<F> {
  page: number;
  perPage: number;
  sort: string | null;
  filters: F;
  pages: number;
}

/** Page, sort and filters of a server-side list (admin tables). */
export function useListState<F extends object>({
  initialSort = null,
  initialFilters,
  perPage = DEFAULT_PER_PAGE,
}: ListStateOptions<F>): ListState<F> {
  const [state, setState] = useState<State<F>>({
    page: 1,
    perPage,
    sort: initialSort,
    filters: initialFilters,
    pages: Number.POSITIVE_INFINITY,
  });

  const setPage = useCallback((page: number) => {
    setState((current) =>
      isFetchablePage(page, current.pages) && page !== current.page ? { ...current, page } : current,
    );
  }, []);

  const setSort = useCallback((sort: string | null) => {
    setState((current) => ({ ...current, sort, page: 1 }));
  }, []);

  const setFilter = useCallback(<K extends keyof F>(key: K, value: F[K]) => {
    setState((current) =>
      Object.is(current.filters[key], value)
        ? current
        : { ...current, filters: { ...current.filters, [key]: value }, page: 1 },
    );
  }, []);

  const syncPaging = useCallback((total: number, serverPerPage: number) => {
    setState((current) => {
      const nextPerPage = serverPerPage > 0 ? serverPerPage : current.perPage;
      const pages = totalPages(total, nextPerPage);
      const page = Math.min(current.page, pages);
      if (pages === current.pages && page === current.page && nextPerPage === current.perPage) return current;
      return { ...current, pages, page, perPage: nextPerPage };
    });
  }, []);

  return useMemo(
    () => ({ ...state, setPage, setSort, setFilter, syncPaging }),
    [state, setPage, setSort, setFilter, syncPaging],
  );
}
