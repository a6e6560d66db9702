import { type DailyAggregate, EARLIEST_EVENT_TIME, EVENT_CLOCK_SKEW_MS } from '@lintel/shared';

/** Days of the report's table per page (spec 1 §4, §9). */
export const DAYS_PER_PAGE = 25;

export interface MetricsDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  installations: number;
  views: number;
}

const DAY_MS = 86_400_000;
const isDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/**
 * The report's days (spec 1 §4): every date from the earliest to the latest of either series, one by
 * one, the days without events counted 0, oldest first. The filling stays within 2000-01-01 and
 * tomorrow (UTC), the range the server accepts events in: a stray date outside it (an event from
 * before that rule) is shown as the one day it is, never filled up to (thousands of empty days).
 */
export function fillDays(
  installations: DailyAggregate,
  views: DailyAggregate,
  now: Date = new Date(),
): MetricsDay[] {
  const dates = [...new Set([...Object.keys(installations.rows), ...Object.keys(views.rows)])]
    .filter(isDate)
    .sort();
  const earliest = Date.parse(EARLIEST_EVENT_TIME);
  const latest = now.getTime() - (now.getTime() % DAY_MS) + EVENT_CLOCK_SKEW_MS;
  const timeOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
  const fillable = dates.filter((date) => timeOf(date) >= earliest && timeOf(date) <= latest);
  // The stray dates outside the range are shown as they are, then the range is filled day by day.
  const shown = new Set(dates);
  const first = fillable[0];
  const last = fillable[fillable.length - 1];
  if (first && last) {
    for (let time = timeOf(first); time <= timeOf(last); time += DAY_MS) {
      shown.add(new Date(time).toISOString().slice(0, 10));
    }
  }
  return [...shown].sort().map((date) => ({
    date,
    installations: installations.rows[date]?.count ?? 0,
    views: views.rows[date]?.count ?? 0,
  }));
}

/** Whether there is anything to report: the Metrics tab and the report button show only then. */
export function hasMetricsData(
  metrics:
    | {
        daily_app_installations_aggregates: DailyAggregate;
        daily_marketplace_app_views_aggregates: DailyAggregate;
      }
    | undefined,
): boolean {
  return (
    metrics !== undefined &&
    (metrics.daily_app_installations_aggregates.total_count > 0 ||
      metrics.daily_marketplace_app_views_aggregates.total_count > 0)
  );
}
