import { describe, expect, it } from 'vitest';
import { type LimitTemplate, templatesOf } from './buckets';
import { decide, subjectKey, windowSeconds } from './decision';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

describe('decide', () => {
  it('reports the spike window while the hourly one has more left, as the reference describes', () => {
    const decision = decide(
      [
        { limit: 7200, allowed: true, remaining: 7199, msBeforeReset: 3_600_000 },
        { limit: 100, allowed: true, remaining: 99, msBeforeReset: 10_000 },
      ],
      NOW,
    );
    expect(decision).toEqual({
      allowed: true,
      limit: 100,
      remaining: 99,
      resetAt: new Date(NOW + 10_000),
      retryAfterSeconds: 0,
    });
  });

  it('reports the hourly window once it is nearer exhaustion', () => {
    const decision = decide(
      [
        { limit: 7200, allowed: true, remaining: 50, msBeforeReset: 1_200_000 },
        { limit: 100, allowed: true, remaining: 99, msBeforeReset: 10_000 },
      ],
      NOW,
    );
    expect(decision).toMatchObject({ limit: 7200, remaining: 50, resetAt: new Date(NOW + 1_200_000) });
  });

  it('on a tie reports the window that resets later', () => {
    const decision = decide(
      [
        { limit: 10, allowed: true, remaining: 5, msBeforeReset: 5000 },
        { limit: 100, allowed: true, remaining: 50, msBeforeReset: 60_000 },
      ],
      NOW,
    );
    expect(decision.limit).toBe(100);
  });

  it('refuses when any window refused, waiting for the last of the refusing windows', () => {
    const decision = decide(
      [
        { limit: 100, allowed: false, remaining: -1, msBeforeReset: 4200 },
        { limit: 7200, allowed: true, remaining: 7000, msBeforeReset: 3_000_000 },
        { limit: 5, allowed: false, remaining: -2, msBeforeReset: 8100 },
      ],
      NOW,
    );
    expect(decision).toEqual({
      allowed: false,
      limit: 5,
      remaining: 0,
      resetAt: new Date(NOW + 8100),
      retryAfterSeconds: 9,
    });
  });

  it('treats a limit of 0 as exhausted', () => {
    const decision = decide([{ limit: 0, allowed: false, remaining: -1, msBeforeReset: 0 }], NOW);
    expect(decision).toMatchObject({ allowed: false, limit: 0, remaining: 0, retryAfterSeconds: 1 });
  });
});

describe('subjectKey', () => {
  it('counts a user token per token, a client token per token and company', () => {
    expect(subjectKey({ kind: 'user', tokenId: 7 }, 42)).toBe('t7');
    expect(subjectKey({ kind: 'client', tokenId: 7 }, 42)).toBe('t7:c42');
    expect(subjectKey({ kind: 'client', tokenId: 7 }, null)).toBe('t7');
  });
});

describe('windowSeconds', () => {
  it('rounds to whole seconds, at least one', () => {
    expect(windowSeconds(10_000)).toBe(10);
    expect(windowSeconds(3_600_000)).toBe(3600);
    expect(windowSeconds(1499)).toBe(1);
    expect(windowSeconds(1)).toBe(1);
  });
});

describe('templatesOf', () => {
  const row = (bucketId: number, clientId: string, name: string, limit: number) => ({
    bucket_id: bucketId,
    bucket_name: `bucket ${bucketId}`,
    client_id: clientId,
    name,
    fill_type: 'count' as const,
    interval_ms: 10_000,
    limit,
  });

  it("takes the client's own buckets over the server's default bucket", () => {
    const templates = templatesOf('S', [row(1, '*', 'spike', 100), row(2, 'abc', 'Spike', 5)], 'abc');
    expect(templates).toEqual<LimitTemplate[]>([
      {
        server: 'S',
        bucket: 'bucket 2',
        name: 'Spike',
        fillType: 'count',
        intervalMs: 10_000,
        limit: 5,
        identity: 'b2:spike:10000',
      },
    ]);
  });

  it("falls back to the server's default bucket, then to the built-in defaults", () => {
    expect(templatesOf('S', [row(1, '*', 'spike', 100)], 'abc').map((t) => t.identity)).toEqual([
      'b1:spike:10000',
    ]);
    expect(templatesOf('S', [], 'abc').map((t) => [t.name, t.intervalMs, t.limit, t.bucket])).toEqual([
      ['main', 3_600_000, 7200, null],
      ['spike', 10_000, 100, null],
    ]);
  });
});
