import { type AuditAction, isCalendarDate, type SortValue } from '@lintel/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, callList } from '../../api/client';
import type { FilterCodec, ListParams } from '../../components/useListState';

export { AUDIT_ACTIONS, AUDIT_EVENT_SORT_KEYS, type AuditAction } from '@lintel/shared';

export interface AuditFilters {
  actor_id: number | null;
  developer_app_id: number | null;
  action: AuditAction | null;
  /** [from, to] as YYYY-MM-DD, both inclusive; empty for any time. */
  dates: [string, string] | [];
}

export type AuditListParams = ListParams<SortValue<'created_at'>, AuditFilters>;

/** One record id in the URL (`?actor_id=3`), or none. */
export function idFilter(): FilterCodec<number | null> {
  return {
    initial: null,
    parse: (values) => {
      const value = values[0] ?? '';
      return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
    },
    format: (value) => (value === null ? [] : [String(value)]),
  };
}

/** A date range in the URL (`?dates=2026-03-01&dates=2026-03-05`), or none. */
export function dateRangeFilter(): FilterCodec<[string, string] | []> {
  return {
    initial: [],
    parse: (values) => {
      const [from, to] = values;
      return from && to && isCalendarDate(from) && isCalendarDate(to) && from <= to ? [from, to] : [];
    },
    format: (value) => [...value],
  };
}

export const auditKeys = {
  all: ['admin', 'audit_events'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (params: AuditListParams) => [...auditKeys.lists(), params] as const,
  actors: (search: string) => [...auditKeys.all, 'actors', search] as const,
};

export function useAuditEvents(params: AuditListParams) {
  const { actor_id, developer_app_id, action, dates } = params.filters;
  return useQuery({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) =>
      callList('GET /api/v1/admin/audit_events', {
        query: {
          page: params.page,
          per_page: params.perPage,
          sort: params.sort ? [params.sort] : undefined,
          filters: {
            actor_id: actor_id ?? undefined,
            developer_app_id: developer_app_id ?? undefined,
            action: action ?? undefined,
            from: dates[0],
            to: dates[1],
          },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The actor filter's options: users with audited changes whose e-mail matches. */
export function useAuditActors(search: string) {
  return useQuery({
    queryKey: auditKeys.actors(search),
    queryFn: ({ signal }) =>
      call('GET /api/v1/admin/audit_events/actors', { query: { search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}
