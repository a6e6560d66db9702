import {
  DEFAULT_PER_PAGE,
  isFetchablePage,
  MAX_ID,
  MAX_PER_PAGE,
  nextSort,
  type SortValue,
  totalPages,
} from '@lintel/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** How one filter of a list is read from the URL query string and written back to it. */
export interface FilterCodec<V> {
  /** The value when the URL says nothing (or something invalid); it is never written to the URL. */
  initial: V;
  /** The value of the URL's entries for this filter (`getAll(key)`); invalid input gives `initial`. */
  parse: (values: string[]) => V;
  /** The URL entries of a value; none for `initial`. */
  format: (value: V) => string[];
  /**
   * Other URL names that carry the same filter (`filters[type]`, `filters[type][0]` for `filters[type][]`,
   * as qs writes arrays): read along with the filter's own name, and dropped when the filter is written.
   */
  aliases?: (name: string) => boolean;
}

/** The URL entries of one filter: its own name's, then its aliases' (in URL order). */
function entriesOf(params: URLSearchParams, name: string, codec: FilterCodec<unknown>): string[] {
  const own = params.getAll(name);
  const { aliases } = codec;
  if (!aliases) return own;
  const other = [...params].flatMap(([key, value]) => (key !== name && aliases(key) ? [value] : []));
  return [...own, ...other];
}

/** The codec of each filter of a list, keyed like the list's filters. */
export type FilterCodecs<F> = { [P in keyof F]: FilterCodec<F[P]> };

const MAX_TEXT_FILTER = 200;
const POSITIVE_INT = /^[1-9]\d{0,9}$/;

function positiveInt(value: string | null, max: number): number | null {
  if (value === null || !POSITIVE_INT.test(value)) return null;
  const number = Number(value);
  return number <= max ? number : null;
}

/** The kinds of filter the lists use; each validates what it reads from the URL. */
export const urlFilter = {
  /** Free text (a search box): `?search=crane`. */
  text: (): FilterCodec<string> => ({
    initial: '',
    parse: (values) => (values[0] ?? '').slice(0, MAX_TEXT_FILTER),
    format: (value) => (value === '' ? [] : [value]),
  }),
  /** One value of a fixed set (a select), or none: `?status=failed`. */
  oneOf: <const T extends string>(allowed: readonly T[]): FilterCodec<T | null> => ({
    initial: null,
    parse: (values) => allowed.find((value) => value === values[0]) ?? null,
    format: (value) => (value === null ? [] : [value]),
  }),
  /** Several record ids (a multi-select): `?owner_id=3&owner_id=8`. */
  ids: (): FilterCodec<number[]> => ({
    initial: [],
    parse: (values) => [...new Set(values.flatMap((value) => positiveInt(value, MAX_ID) ?? []))],
    format: (value) => value.map(String),
  }),
  /** An on/off switch, off by default: `?with_deleted=true`. */
  flag: (): FilterCodec<boolean> => ({
    initial: false,
    parse: (values) => values[0] === 'true',
    format: (value) => (value ? ['true'] : []),
  }),
};

export interface ListStateOptions<K extends string, F> {
  /** The keys the list's columns sort by (the server's, from packages/shared where declared). */
  sortKeys?: readonly K[];
  /** The sort when the URL names none; clearing the sort returns to it. */
  defaultSort?: SortValue<K> | null;
  /** Rows asked for per page until the server's Per-Page header says otherwise. */
  perPage?: number;
  filters?: FilterCodecs<F>;
}

/** What a list asks the server for. */
export interface ListParams<S extends string = string, F = Record<string, never>> {
  page: number;
  perPage: number;
  sort: S | null;
  filters: F;
}

export interface SetFilterOptions {
  /** Replace the current history entry instead of adding one (typing in a search box). */
  replace?: boolean;
}

export interface ListState<K extends string = string, F = Record<string, never>> {
  page: number;
  perPage: number;
  /** The sort the list is shown in: the URL's, else the default. */
  sort: SortValue<K> | null;
  filters: F;
  /** Pages known from the last answer for these filters; unknown (Infinity) before it. */
  pages: number;
  /** page, perPage, sort and filters in one stable object, for the area's query hook and key. */
  params: ListParams<SortValue<K>, F>;
  /** Moves to a page (a new history entry); pages outside 1..pages are ignored, never fetched. */
  setPage: (page: number) => void;
  /** A new sort (null: back to the default) reloads from page 1; an unknown key is ignored. */
  setSort: (sort: string | null) => void;
  /**
   * A click on a column's header: ascending → descending → cleared (spec 1 §4), counted from the sort
   * the URL names, not the default, so the first click on any column sorts it ascending.
   */
  toggleSort: (key: string) => void;
  /** A new filter value reloads from page 1. */
  setFilter: <P extends keyof F>(key: P, value: F[P], options?: SetFilterOptions) => void;
  /** Records the paging of an answer: the server's per-page wins over ours, the page is clamped. */
  syncPaging: (total: number, perPage: number) => void;
}

interface KnownPaging {
  /** The filters (as written in the URL) and the URL's per-page the answer was for. */
  signature: string;
  urlPerPage: number;
  servedPerPage: number;
  total: number;
}

/**
 * The paging last known of each list (by path), kept beside the query cache it came from (it lives as long
 * as the cached answers do): a list opened again (back from a record, a link) knows its total before its
 * first answer, so an out-of-range page in the URL is corrected without a request for it. The first answer
 * then says the total again.
 */
const rememberedPaging = new WeakMap<QueryClient, Map<string, KnownPaging>>();
const REMEMBERED_LISTS = 50;

function remembered(client: QueryClient): Map<string, KnownPaging> {
  let lists = rememberedPaging.get(client);
  if (!lists) {
    lists = new Map();
    rememberedPaging.set(client, lists);
  }
  return lists;
}

function remember(client: QueryClient, path: string, paging: KnownPaging): void {
  const lists = remembered(client);
  lists.delete(path);
  lists.set(path, paging);
  if (lists.size > REMEMBERED_LISTS) {
    const oldest = lists.keys().next().value;
    if (oldest !== undefined) lists.delete(oldest);
  }
}

const PAGE = 'page';
const PER_PAGE = 'per_page';
const SORT = 'sort';

function readSort<K extends string>(
  raw: string | null,
  sortKeys: readonly K[],
  defaultSort: SortValue<K> | null,
): SortValue<K> | null {
  if (raw === null) return defaultSort;
  const key = raw.startsWith('-') ? raw.slice(1) : raw;
  return sortKeys.some((known) => known === key) ? (raw as SortValue<K>) : defaultSort;
}

const NO_SORT_KEYS: readonly never[] = [];
const NO_FILTERS = {};

/**
 * Page, per_page, sort and filters of a server-side list, kept in the URL query string so that a
 * reload, the back button and a shared link show the same page (spec 1 §4 rules included). Page and
 * sort changes add a history entry; `setFilter(…, { replace: true })` does not (typing). What the URL
 * says is validated: garbage falls back to the default and never reaches the server.
 */
export function useListState<K extends string = never, F extends object = Record<string, never>>(
  options: ListStateOptions<K, F> = {},
): ListState<K, F> {
  const sortKeys = options.sortKeys ?? NO_SORT_KEYS;
  const defaultSort = options.defaultSort ?? null;
  const defaultPerPage = options.perPage ?? DEFAULT_PER_PAGE;
  const codecs = (options.filters ?? NO_FILTERS) as FilterCodecs<F>;
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [known, setKnown] = useState<KnownPaging | null>(() => remembered(queryClient).get(pathname) ?? null);

  const urlPage = positiveInt(searchParams.get(PAGE), MAX_ID) ?? 1;
  const urlPerPage = positiveInt(searchParams.get(PER_PAGE), MAX_PER_PAGE) ?? defaultPerPage;
  const sort = readSort(searchParams.get(SORT), sortKeys, defaultSort);
  // What the user chose: the header cycle continues from it, never from the default.
  const chosenSort = readSort(searchParams.get(SORT), sortKeys, null);

  // The filters as the URL writes them: equal signatures mean equal filters (and the same stable object).
  const signature = JSON.stringify(
    Object.entries(codecs as Record<string, FilterCodec<unknown>>).map(([key, codec]) => [
      key,
      codec.format(codec.parse(entriesOf(searchParams, key, codec))),
    ]),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the URL's filters.
  const filters = useMemo(() => {
    const values: Record<string, unknown> = {};
    for (const [key, codec] of Object.entries(codecs as Record<string, FilterCodec<unknown>>)) {
      values[key] = codec.parse(entriesOf(searchParams, key, codec));
    }
    return values as F;
  }, [signature]);

  const sameAnswer = known !== null && known.signature === signature && known.urlPerPage === urlPerPage;
  const perPage = sameAnswer ? known.servedPerPage : urlPerPage;
  const pages = sameAnswer ? totalPages(known.total, perPage) : Number.POSITIVE_INFINITY;
  // A page known to be past the end is never asked for: the last page is shown instead.
  const page = Math.min(urlPage, pages);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace: boolean) => {
      const next = new URLSearchParams(searchParams);
      change(next);
      if (next.toString() === searchParams.toString()) return;
      setSearchParams(next, { replace, preventScrollReset: true });
    },
    [searchParams, setSearchParams],
  );

  useEffect(() => {
    if (page === urlPage) return;
    update((next) => {
      if (page === 1) next.delete(PAGE);
      else next.set(PAGE, String(page));
    }, true);
  }, [page, urlPage, update]);

  const setPage = useCallback(
    (target: number) => {
      if (!isFetchablePage(target, pages) || target === page) return;
      update((next) => {
        if (target === 1) next.delete(PAGE);
        else next.set(PAGE, String(target));
      }, false);
    },
    [page, pages, update],
  );

  const setSort = useCallback(
    (target: string | null) => {
      const valid = target === null ? null : readSort(target, sortKeys, null);
      if (target !== null && valid === null) return;
      update((next) => {
        next.delete(PAGE);
        // Written even when it equals the default, so that the next click continues the cycle.
        if (valid === null) next.delete(SORT);
        else next.set(SORT, valid);
      }, false);
    },
    [sortKeys, update],
  );

  const toggleSort = useCallback((key: string) => setSort(nextSort(chosenSort, key)), [chosenSort, setSort]);

  const setFilter = useCallback(
    <P extends keyof F>(key: P, value: F[P], { replace = false }: SetFilterOptions = {}) => {
      const codec = codecs[key];
      if (!codec) return;
      const name = String(key);
      update((next) => {
        const aliases = codec.aliases;
        const aliased = aliases ? [...next.keys()].filter((other) => other !== name && aliases(other)) : [];
        const before = next.getAll(name).join('\u0000');
        const after = codec.format(value);
        if (aliased.length === 0 && before === after.join('\u0000')) return;
        for (const other of aliased) next.delete(other);
        next.delete(name);
        for (const entry of after) next.append(name, entry);
        next.delete(PAGE);
      }, replace);
    },
    [codecs, update],
  );

  const syncPaging = useCallback(
    (total: number, servedPerPage: number) => {
      const served = servedPerPage > 0 ? servedPerPage : urlPerPage;
      const next = { signature, urlPerPage, servedPerPage: served, total };
      remember(queryClient, pathname, next);
      setKnown((current) =>
        current &&
        current.signature === signature &&
        current.urlPerPage === urlPerPage &&
        current.servedPerPage === served &&
        current.total === total
          ? current
          : next,
      );
    },
    [signature, urlPerPage, pathname, queryClient],
  );

  const params = useMemo(() => ({ page, perPage, sort, filters }), [page, perPage, sort, filters]);

  return useMemo(
    () => ({
      page,
      perPage,
      sort,
      filters,
      pages,
      params,
      setPage,
      setSort,
      toggleSort,
      setFilter,
      syncPaging,
    }),
    [page, perPage, sort, filters, pages, params, setPage, setSort, toggleSort, setFilter, syncPaging],
  );
}
