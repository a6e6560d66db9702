import { describe, expect, it } from 'vitest';
import { fillDays, hasMetricsData } from './days';
import { FEED_SIZE, metricsKeys } from './queries';
import { appMetricsKey, FEED_SIZE as FRAME_FEED_SIZE } from './useHasMetrics';

const aggregate = (rows: Record<string, number>) => ({
  rows: Object.fromEntries(Object.entries(rows).map(([date, count]) => [date, { count }])),
  total_count: Object.values(rows).reduce((sum, n) => sum + n, 0),
});

describe('fillDays', () => {
  it('fills the span day by day from the earliest to the latest date of either series', () => {
    const days = fillDays(aggregate({ '2026-02-27': 2, '2026-03-02': 1 }), aggregate({ '2026-02-26': 5 }));
    expect(days).toEqual([
      { date: '2026-02-26', installations: 0, views: 5 },
      { date: '2026-02-27', installations: 2, views: 0 },
      { date: '2026-02-28', installations: 0, views: 0 },
      { date: '2026-03-01', installations: 0, views: 0 },
      { date: '2026-03-02', installations: 1, views: 0 },
    ]);
  });

  it('never fills past tomorrow (UTC) or before 2000, yet keeps the stray days that have data', () => {
    const now = new Date('2026-11-27T22:00:00Z');
    const days = fillDays(
      aggregate({ '2026-11-26': 1, '2026-11-28': 2, '2999-01-01': 3 }),
      aggregate({ '1970-01-01': 4 }),
      now,
    );
    expect(days).toEqual([
      { date: '1970-01-01', installations: 0, views: 4 },
      { date: '2026-11-26', installations: 1, views: 0 },
      { date: '2026-11-27', installations: 0, views: 0 },
      { date: '2026-11-28', installations: 2, views: 0 },
      { date: '2999-01-01', installations: 3, views: 0 },
    ]);
    expect(fillDays(aggregate({ '2999-01-01': 1 }), aggregate({}), now)).toHaveLength(1);
  });

  it('is empty without data', () => {
    expect(fillDays(aggregate({}), aggregate({}))).toEqual([]);
    expect(hasMetricsData(undefined)).toBe(false);
    expect(
      hasMetricsData({
        daily_app_installations_aggregates: aggregate({}),
        daily_marketplace_app_views_aggregates: aggregate({ '2026-01-01': 1 }),
      }),
    ).toBe(true);
  });
});

describe('the app page frame and the report', () => {
  it('share one metrics query (the frame keeps its own copy out of the report chunk)', () => {
    expect(appMetricsKey(7, false)).toEqual(metricsKeys.app(7, false));
    expect(appMetricsKey(7, true)).toEqual(metricsKeys.app(7, true));
    expect(FRAME_FEED_SIZE).toBe(FEED_SIZE);
  });
});
