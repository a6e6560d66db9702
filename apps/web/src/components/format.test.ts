import { describe, expect, it } from 'vitest';
import { formatLongDateTime } from './format';

/** A local time, as the screens show times in the browser's zone. */
const at = (day: number, hour: number, minute = 5, second = 9) =>
  new Date(2026, 10, day, hour, minute, second).toISOString();

describe('formatLongDateTime (spec 1 §9 "MMMM Do YYYY, h:mm:ss a")', () => {
  it('writes English days with their ordinals, on a 12-hour clock', () => {
    expect(formatLongDateTime(at(27, 4))).toBe('November 27th 2026, 4:05:09 am');
    expect(formatLongDateTime(at(1, 0))).toBe('November 1st 2026, 12:05:09 am');
    expect(formatLongDateTime(at(2, 13))).toBe('November 2nd 2026, 1:05:09 pm');
    expect(formatLongDateTime(at(3, 12))).toBe('November 3rd 2026, 12:05:09 pm');
    expect(formatLongDateTime(at(11, 9))).toBe('November 11th 2026, 9:05:09 am');
    expect(formatLongDateTime(at(12, 9))).toBe('November 12th 2026, 9:05:09 am');
    expect(formatLongDateTime(at(13, 9))).toBe('November 13th 2026, 9:05:09 am');
    expect(formatLongDateTime(at(21, 9))).toBe('November 21st 2026, 9:05:09 am');
    expect(formatLongDateTime(at(22, 9))).toBe('November 22nd 2026, 9:05:09 am');
    expect(formatLongDateTime(at(23, 9))).toBe('November 23rd 2026, 9:05:09 am');
  });

  it('writes Spanish dates the Spanish way', () => {
    expect(formatLongDateTime(at(27, 16), 'es')).toBe('27 de noviembre de 2026, 16:05:09');
    expect(formatLongDateTime(at(1, 4), 'es')).toBe('1 de noviembre de 2026, 4:05:09');
  });

  it('answers null for no time or a broken one', () => {
    expect(formatLongDateTime(null)).toBeNull();
    expect(formatLongDateTime('')).toBeNull();
    expect(formatLongDateTime('not a date')).toBeNull();
  });
});
