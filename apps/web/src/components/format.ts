import dayjs from 'dayjs';

/** A timestamp as the admin screens show it (YYYY-MM-DD HH:mm, local time), or null when empty. */
export function formatDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DD HH:mm') : null;
}
