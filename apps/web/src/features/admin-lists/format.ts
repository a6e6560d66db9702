import dayjs from 'dayjs';
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
