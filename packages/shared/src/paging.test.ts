import { describe, expect, it } from 'vitest';
import { isFetchablePage, nextSort, sortDirection, totalPages } from './paging';

describe('nextSort', () => {
  it('cycles ascending → descending → cleared', () => {
    expect(nextSort(null, 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBeNull();
  });

  it('starts ascending when another column was sorted', () => {
    expect(nextSort('-created_at', 'name')).toBe('name');
    expect(nextSort('created_at', 'name')).toBe('name');
  });

  it('reports the direction of a column', () => {
    expect(sortDirection('name', 'name')).toBe('asc');
    expect(sortDirection('-name', 'name')).toBe('desc');
    expect(sortDirection('-email', 'name')).toBeNull();
  });
});

describe('totalPages', () => {
  it('is max(1, ceil(total / per_page))', () => {
    expect(totalPages(0, 50)).toBe(1);
    expect(totalPages(50, 50)).toBe(1);
    expect(totalPages(51, 50)).toBe(2);
    expect(totalPages(1000, 100)).toBe(10);
  });

  it('is 1 for nonsense page sizes', () => {
    expect(totalPages(10, 0)).toBe(1);
    expect(totalPages(Number.NaN, 50)).toBe(1);
  });
});

describe('isFetchablePage', () => {
  it('allows only pages 1..totalPages', () => {
    expect(isFetchablePage(1, 3)).toBe(true);
    expect(isFetchablePage(3, 3)).toBe(true);
    expect(isFetchablePage(0, 3)).toBe(false);
    expect(isFetchablePage(4, 3)).toBe(false);
    expect(isFetchablePage(1.5, 3)).toBe(false);
  });
});
