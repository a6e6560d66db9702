import { describe, expect, it } from 'vitest';
import { RestError } from './errors';
import { filtersOf, idsFilter, rangeFilter } from './filters';

describe('filters[...]', () => {
  it('reads time ranges with three dots, dates as whole days, either end open', () => {
    expect(rangeFilter({ created_at: '2016-09-23T16:30:00Z...2016-09-23T17:00:00Z' }, 'created_at')).toEqual({
      from: new Date('2016-09-23T16:30:00Z'),
      to: new Date('2016-09-23T17:00:00.999Z'),
    });
    expect(rangeFilter({ created_at: '2016-09-23...2016-09-24' }, 'created_at')).toEqual({
      from: new Date('2016-09-23T00:00:00Z'),
      to: new Date('2016-09-24T23:59:59.999Z'),
    });
    expect(rangeFilter({ created_at: '2016-09-23T00:00:00Z...' }, 'created_at')?.to).toBeNull();
    expect(rangeFilter({}, 'created_at')).toBeUndefined();
  });

  it.each(['yesterday', '2016-09-23', '2016-02-30...2016-03-01', '...', ['a']])(
    'refuses the range %j',
    (value) => {
      expect(() => rangeFilter({ created_at: value }, 'created_at')).toThrow(RestError);
    },
  );

  it('reads ids as one or a list', () => {
    expect(idsFilter({ id: ['1', '2'] }, 'id')).toEqual([1, 2]);
    expect(idsFilter({ id: '7' }, 'id')).toEqual([7]);
    expect(() => idsFilter({ id: ['x'] }, 'id')).toThrow(RestError);
  });

  it('refuses filters that are not bracketed', () => {
    expect(() => filtersOf({ filters: 'name' })).toThrow(RestError);
    expect(filtersOf({})).toEqual({});
  });
});
