import { describe, expect, it } from 'vitest';
import { changedFields, isUnchanged } from './zodResolver';

describe('changedFields', () => {
  it('keeps only the fields whose value differs', () => {
    const changes = changedFields(
      { name: 'A', company: 'B', on: true, show: null as string | null },
      { name: 'A', company: 'C', on: false, show: null },
    );
    expect(changes).toEqual({ company: 'C', on: false });
    expect(isUnchanged(changes)).toBe(false);
  });

  it('is empty when nothing changed, a null becoming a value counts as a change', () => {
    expect(isUnchanged(changedFields({ a: 'x', b: null }, { a: 'x', b: null }))).toBe(true);
    expect(changedFields({ b: null as string | null }, { b: '2026-01-01' })).toEqual({ b: '2026-01-01' });
  });
});
