import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../components/format';
import type { FilterCodec } from '../../components/useListState';

/** A date as the admin lists show it (spec 1 §2): YYYY-MM-DD, or null for the caller's N/A. */
export function formatDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const day = dayjs(value);
  return day.isValid() ? day.format('YYYY-MM-DD') : null;
}

/** An on/off filter that is on by default (the review queue's inReview): only `?in_review=false` is written. */
export function flagOnByDefault(): FilterCodec<boolean> {
  return {
    initial: true,
    parse: (values) => values[0] !== 'false',
    format: (value) => (value ? [] : ['false']),
  };
}

export const DEVELOPER_APP_PATH = (id: number) => `/admin/developer_apps/${id}`;
export const DEVELOPER_EDIT_PATH = (id: number) => `/admin/developers/${id}/edit`;

/**
 * A review queue's expected wait as words: "less than an hour" under one hour (never "about 0 hours"),
 * else about that many hours, written in the user's language. `short`: the review queue list's cell.
 */
export function waitText(t: TFunction, language: string, hours: number | null, short = false): string {
  if (hours === null)
    return short ? t('adminLists.reviewQueue.noEstimate') : t('adminLists.queue.noEstimate');
  if (hours < 1)
    return short ? t('adminLists.reviewQueue.waitUnderHour') : t('adminLists.queue.waitUnderHour');
  const shown = formatNumber(hours, language);
  return short
    ? t('adminLists.reviewQueue.wait', { hours: shown })
    : t('adminLists.queue.wait', { hours: shown });
}
