import type { DailyAggregate } from '@lintel/shared';

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
 * one, the days without events counted 0, oldest first.
 */
export function fillDays(installations: DailyAggregate, views: DailyAggregate): MetricsDay[] {
  const dates = [...Object.keys(installations.rows), ...Object.keys(views.rows)].filter(isDate).sort();
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (!first || !last) return [];
  const days: MetricsDay[] = [];
  for (let time = Date.parse(`${first}T00:00:00Z`); time <= Date.parse(`${last}T00:00:00Z`); time += DAY_MS) {
    const date = new Date(time).toISOString().slice(0, 10);
    days.push({
      date,
      installations: installations.rows[date]?.count ?? 0,
      views: views.rows[date]?.count ?? 0,
    });
  }
  return days;
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
