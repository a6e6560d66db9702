import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { detailsFromIssues } from './errors';
import { listQuery, queryBoolean } from './query';

const query = listQuery(['name', 'created_at'], z.strictObject({ in_review: queryBoolean.optional() }));

function details(input: unknown) {
  const result = query.safeParse(input);
  return result.success ? [] : detailsFromIssues(result.error.issues);
}

describe('error details of a value no alternative of a union accepts', () => {
  it('name the allowed sort keys for one bad key, alone or in the sort[] list, on the field itself', () => {
    for (const sort of ['bogus', ['bogus'], ['name', '-bogus']]) {
      expect(details({ sort })).toEqual([
        expect.objectContaining({
          path: 'sort',
          code: 'invalid_choice',
          message: 'must be one of name, created_at (prefix - for descending)',
        }),
      ]);
    }
  });

  it('name the accepted spellings of a yes/no filter', () => {
    expect(details({ filters: { in_review: 'maybe' } })).toEqual([
      expect.objectContaining({ path: 'filters.in_review', code: 'invalid_choice' }),
    ]);
  });
});
