import type { ApiCall } from '@lintel/shared';
import { describe, expect, it } from 'vitest';
import { mergeCalls } from './merge';

const at = (id: number, second: number): ApiCall => ({
  id,
  occurred_at: new Date(Date.UTC(2026, 10, 27, 12, 0, second)).toISOString(),
  environment: 'sandbox',
  token_kind: 'client',
  company_id: 1,
  method: 'GET',
  route: '/rest/v1.0/me',
  path: '/rest/v1.0/me',
  status: 200,
  duration_ms: 1,
  rate_limit: 100,
  rate_remaining: 99,
  request_id: `r${id}`,
});

describe('mergeCalls', () => {
  it('puts new calls on top and keeps every loaded row, each call once', () => {
    const loaded = [at(3, 30), at(2, 20), at(1, 10)];
    const newest = { calls: [at(5, 50), at(4, 40), at(3, 30)], next_before: 3 };
    expect(mergeCalls(newest, loaded)).toEqual({
      calls: [at(5, 50), at(4, 40), at(3, 30), at(2, 20), at(1, 10)],
      gap: false,
    });
  });

  it('orders a call recorded late by its time, ties by id', () => {
    const loaded = [at(3, 30), at(1, 10)];
    const newest = { calls: [at(4, 30), at(2, 20)], next_before: null };
    expect(mergeCalls(newest, loaded).calls.map((call) => call.id)).toEqual([4, 3, 2, 1]);
  });

  it('reports a gap when a full newest page does not reach the loaded rows', () => {
    const loaded = [at(2, 20), at(1, 10)];
    const newest = { calls: [at(9, 90), at(8, 80)], next_before: 8 };
    expect(mergeCalls(newest, loaded)).toEqual({ calls: [at(9, 90), at(8, 80)], gap: true });
    // The newest page is the whole list: nothing older, no gap.
    expect(mergeCalls({ ...newest, next_before: null }, loaded).gap).toBe(false);
  });

  it('shows the loaded rows before the first poll', () => {
    expect(mergeCalls(undefined, [at(1, 10)])).toEqual({ calls: [at(1, 10)], gap: false });
  });
});
