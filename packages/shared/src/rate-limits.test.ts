import { describe, expect, it } from 'vitest';
import { auditEventFilters, auditTimeEnd, auditTimeStart } from './audit';
import { createBucketRequest, DEFAULT_BUCKET_TEMPLATES, NEW_BUCKET_TEMPLATE } from './rate-limits';

const bucket = (templates: unknown) => ({
  data: { name: 'Acme', client_id: 'c', domain: '', bucket_templates: templates },
});

describe('bucket templates (spec 1 §9)', () => {
  it('starts a bucket with main and spike, and an extra template as count, 10,000 ms, 100', () => {
    expect(DEFAULT_BUCKET_TEMPLATES).toEqual([
      { name: 'main', fill_type: 'count', interval_ms: 3_600_000, limit: 7200 },
      { name: 'spike', fill_type: 'count', interval_ms: 10_000, limit: 100 },
    ]);
    expect(NEW_BUCKET_TEMPLATE).toEqual({ fill_type: 'count', interval_ms: 10_000, limit: 100 });
    expect(createBucketRequest.safeParse(bucket(DEFAULT_BUCKET_TEMPLATES)).success).toBe(true);
  });

  it.each([
    ['a negative limit', { limit: -1 }],
    ['an interval of 0', { interval_ms: 0 }],
    ['an unknown fill type', { fill_type: 'bytes' }],
    ['a fractional limit', { limit: 1.5 }],
  ])('refuses %s', (_label, change) => {
    expect(
      createBucketRequest.safeParse(bucket([{ ...DEFAULT_BUCKET_TEMPLATES[0], ...change }])).success,
    ).toBe(false);
  });

  it('accepts a quota template and a limit of 0', () => {
    expect(
      createBucketRequest.safeParse(bucket([{ name: 'q', fill_type: 'quota', interval_ms: 1, limit: 0 }]))
        .success,
    ).toBe(true);
  });
});

describe('audit time filters', () => {
  it('takes a day as a whole UTC day, both ends inclusive', () => {
    expect(auditTimeStart('2026-03-01').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(auditTimeEnd('2026-03-01').toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(auditTimeEnd('2026-03-01T10:00:00Z').toISOString()).toBe('2026-03-01T10:00:00.001Z');
  });

  it('refuses a range that ends before it starts, and dates that are not dates', () => {
    expect(auditEventFilters.safeParse({ from: '2026-03-01', to: '2026-03-01' }).success).toBe(true);
    expect(auditEventFilters.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
    expect(auditEventFilters.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(auditEventFilters.safeParse({ to: 'soon' }).success).toBe(false);
  });
});
