import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isCalendarDate } from './fields';
import {
  bellDate,
  isNotificationVisible,
  isVisibleByShowAfter,
  normaliseCritical,
  notificationInput,
  notificationTime,
  truncateSummary,
} from './notifications';

// Fixed zone so "yesterday" and h:mm are the same on every machine.
beforeEach(() => {
  vi.stubEnv('TZ', 'UTC');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const now = new Date('2026-11-22T15:30:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('notificationTime (spec 1 §4)', () => {
  it.each([
    [0, '0 seconds ago', 'hace 0 segundos'],
    [1, '1 second ago', 'hace 1 segundo'],
    [59, '59 seconds ago', 'hace 59 segundos'],
    [60, '1 minute ago', 'hace 1 minuto'],
    [59 * 60 + 59, '59 minutes ago', 'hace 59 minutos'],
    [3600, '1 hour ago', 'hace 1 hora'],
    [15 * 3600, '15 hours ago', 'hace 15 horas'],
  ])('%i seconds ago reads "%s" / "%s"', (seconds, en, es) => {
    expect(notificationTime(ago(seconds), now, 'en')).toBe(en);
    expect(notificationTime(ago(seconds), now, 'es')).toBe(es);
  });

  it('says "Yesterday at h:mm a" for the previous calendar day', () => {
    const yesterday = new Date('2026-11-21T09:05:00Z');
    expect(notificationTime(yesterday, now, 'en')).toBe('Yesterday at 9:05 am');
    expect(notificationTime(yesterday, now, 'es')).toBe('Ayer a las 9:05 am');
    // even when it was less than 24 hours ago
    expect(notificationTime(new Date('2026-11-21T23:00:00Z'), now, 'en')).toBe('Yesterday at 11:00 pm');
  });

  it('uses "MMMM Do YYYY, h:mm a" before yesterday', () => {
    const older = new Date('2026-11-03T18:45:00Z');
    expect(notificationTime(older, now, 'en')).toBe('November 3rd 2026, 6:45 pm');
    expect(notificationTime(older, now, 'es')).toBe('noviembre 3º 2026, 6:45 pm');
  });

  it('never says a negative time for a clock slightly ahead', () => {
    expect(notificationTime(new Date(now.getTime() + 5000), now, 'en')).toBe('0 seconds ago');
  });
});

describe('visibility (spec 1 §4)', () => {
  const today = '2026-11-22';
  it.each([
    [false, null, true],
    [false, '2026-11-21', true],
    [false, '2026-11-22', true],
    [false, '2026-11-23', false],
    [true, null, false],
    [true, '2026-11-01', false],
  ])('draft=%s show_after=%s → %s', (draft, showAfter, visible) => {
    expect(isNotificationVisible({ draft, show_after: showAfter }, today)).toBe(visible);
  });

  it('visible_by_show_after ignores draft', () => {
    expect(isVisibleByShowAfter(null, today)).toBe(true);
    expect(isVisibleByShowAfter('2026-12-01', today)).toBe(false);
  });

  it('normalises critical notifications to go out at once', () => {
    expect(normaliseCritical({ critical: true, draft: true, show_after: '2027-01-01' })).toEqual({
      critical: true,
      draft: false,
      show_after: null,
    });
    expect(normaliseCritical({ critical: false, draft: true, show_after: '2027-01-01' })).toEqual({
      critical: false,
      draft: true,
      show_after: '2027-01-01',
    });
  });
});

describe('input rules', () => {
  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
  });

  it('turns an empty show_after into null and defaults the flags', () => {
    expect(notificationInput.parse({ title: 't', summary: 's', body: 'b', show_after: ' ' })).toEqual({
      title: 't',
      summary: 's',
      body: 'b',
      critical: false,
      draft: false,
      show_after: null,
    });
  });
});

describe('display helpers', () => {
  it('dates the bell as M/D/YY', () => {
    expect(bellDate(new Date('2026-03-07T12:00:00Z'))).toBe('3/7/26');
  });

  it('truncates summaries to 160 characters', () => {
    const long = 'word '.repeat(60);
    const cut = truncateSummary(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('…')).toBe(true);
    expect(truncateSummary('short')).toBe('short');
    expect(truncateSummary('x'.repeat(200))).toHaveLength(160);
  });
});
