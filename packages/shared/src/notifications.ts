import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import 'dayjs/locale/es';
import { z } from 'zod';
import { optionalDate, requiredText } from './fields';
import { listQuery } from './query';

dayjs.extend(advancedFormat);

/** Length caps of a notification's texts (422 beyond). */
export const NOTIFICATION_LIMITS = { title: 200, summary: 1000, body: 20_000 } as const;
/** The bell previews this many notifications (spec 1 §9). */
export const BELL_PREVIEW_COUNT = 3;
/** List cards truncate the summary to this many characters (spec 1 §9). */
export const SUMMARY_PREVIEW_LENGTH = 160;

const text = (max: number) => requiredText({ max, multiline: max > NOTIFICATION_LIMITS.title });
const showAfter = optionalDate;

export const notificationInput = z.strictObject({
  title: text(NOTIFICATION_LIMITS.title),
  summary: text(NOTIFICATION_LIMITS.summary),
  body: text(NOTIFICATION_LIMITS.body),
  critical: z.boolean().default(false),
  draft: z.boolean().default(false),
  show_after: showAfter.optional().transform((value) => value ?? null),
});
export type NotificationInput = z.input<typeof notificationInput>;
export type NotificationFields = z.output<typeof notificationInput>;

/** An update: any field; `critical` is accepted but never changes (spec 1 §4). */
export const notificationUpdate = z.strictObject({
  title: text(NOTIFICATION_LIMITS.title).optional(),
  summary: text(NOTIFICATION_LIMITS.summary).optional(),
  body: text(NOTIFICATION_LIMITS.body).optional(),
  critical: z.boolean().optional(),
  draft: z.boolean().optional(),
  show_after: showAfter.optional(),
});
export type NotificationUpdate = z.input<typeof notificationUpdate>;
export type NotificationChanges = z.output<typeof notificationUpdate>;

/** A notification as a developer sees it. */
export const notificationResponse = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  critical: z.boolean(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationResponse>;

export const deliveryProgress = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});
export type DeliveryProgress = z.infer<typeof deliveryProgress>;

/** A notification as an administrator sees it. */
export const adminNotificationResponse = notificationResponse.omit({ read_at: true }).extend({
  draft: z.boolean(),
  show_after: z.string().nullable(),
  visible: z.boolean(),
  visible_by_show_after: z.boolean(),
  updated_at: z.string(),
  delivery: deliveryProgress.nullable(),
});
export type AdminNotification = z.infer<typeof adminNotificationResponse>;

/** The columns the administrators' list sorts by (`sort[]=title`, `sort[]=-created_at`). */
export const ADMIN_NOTIFICATION_SORT_KEYS = ['created_at', 'title'] as const;
export type AdminNotificationSortKey = (typeof ADMIN_NOTIFICATION_SORT_KEYS)[number];
/** The administrators' list: newest first unless sorted; no filters. */
export const ADMIN_NOTIFICATION_DEFAULT_SORT = ['-created_at'] as const;
export const adminNotificationListQuery = listQuery(ADMIN_NOTIFICATION_SORT_KEYS, z.strictObject({}));
export type AdminNotificationListQuery = z.input<typeof adminNotificationListQuery>;

/** Today's date as YYYY-MM-DD in UTC, the calendar show_after is compared with. */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Whether show_after lets the notification show on `today` (empty, or reached). */
export function isVisibleByShowAfter(showAfterDate: string | null, today: string): boolean {
  return showAfterDate === null || showAfterDate <= today;
}

/** Visible to developers: not a draft and show_after empty or reached (spec 1 §4). */
export function isNotificationVisible(
  n: { draft: boolean; show_after: string | null },
  today: string,
): boolean {
  return !n.draft && isVisibleByShowAfter(n.show_after, today);
}

/** A critical notification is never a draft and never waits: it goes out at once (spec 1 §4). */
export function normaliseCritical<T extends { critical: boolean; draft: boolean; show_after: string | null }>(
  n: T,
): T {
  return n.critical ? { ...n, draft: false, show_after: null } : n;
}

export type NotificationLocale = 'en' | 'es';

const phrases = {
  en: {
    seconds: (n: number) => `${n} ${n === 1 ? 'second' : 'seconds'} ago`,
    minutes: (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'} ago`,
    hours: (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'} ago`,
    yesterday: '[Yesterday at] h:mm a',
  },
  es: {
    seconds: (n: number) => `hace ${n} ${n === 1 ? 'segundo' : 'segundos'}`,
    minutes: (n: number) => `hace ${n} ${n === 1 ? 'minuto' : 'minutos'}`,
    hours: (n: number) => `hace ${n} ${n === 1 ? 'hora' : 'horas'}`,
    yesterday: '[Ayer a las] h:mm a',
  },
} as const;

/**
 * The timestamp of a notification (spec 1 §4): under a minute "N seconds ago", then minutes, then
 * hours (under a day); the previous calendar day "Yesterday at h:mm a"; otherwise "MMMM Do YYYY, h:mm a".
 */
export function notificationTime(
  createdAt: string | Date,
  now: Date,
  locale: NotificationLocale = 'en',
): string {
  const at = dayjs(createdAt).locale(locale);
  const current = dayjs(now);
  const seconds = Math.max(0, current.diff(at, 'second'));
  const words = phrases[locale];
  if (seconds < 60) return words.seconds(seconds);
  if (seconds < 3600) return words.minutes(Math.floor(seconds / 60));
  if (seconds < 86_400 && at.isSame(current, 'day')) return words.hours(Math.floor(seconds / 3600));
  if (at.isSame(current.subtract(1, 'day'), 'day')) return at.format(words.yesterday);
  return at.format('MMMM Do YYYY, h:mm a');
}

/** The bell's date: M/D/YY (spec 1 §9). */
export function bellDate(createdAt: string | Date): string {
  return dayjs(createdAt).format('M/D/YY');
}

/** Cuts a summary to `max` characters for a list card, on a word boundary when one is near. */
export function truncateSummary(summary: string, max = SUMMARY_PREVIEW_LENGTH): string {
  if (summary.length <= max) return summary;
  const cut = summary.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
