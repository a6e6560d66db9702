import { describe, expect, it } from 'vitest';
import {
  aggregatedChangelogQuery,
  changelogEntryInput,
  changelogMonth,
  isChangelogStaff,
  normaliseChangelogEntry,
  splitChangelogEndpoint,
} from './changelog';

describe('changelog rules', () => {
  it('makes a change of type breaking a breaking change', () => {
    expect(normaliseChangelogEntry({ type: 'breaking', breaking: false })).toEqual({
      type: 'breaking',
      breaking: true,
    });
    expect(normaliseChangelogEntry({ type: 'fix', breaking: false })).toEqual({
      type: 'fix',
      breaking: false,
    });
    expect(normaliseChangelogEntry({ type: 'refinement', breaking: true }).breaking).toBe(true);
  });

  it('counts admins and employees as staff', () => {
    expect(isChangelogStaff({ is_admin: true, is_employee: false })).toBe(true);
    expect(isChangelogStaff({ is_admin: false, is_employee: true })).toBe(true);
    expect(isChangelogStaff({ is_admin: false, is_employee: false })).toBe(false);
    expect(isChangelogStaff(null)).toBe(false);
  });

  it('shows the month and splits the method from the path', () => {
    expect(changelogMonth('2024-03-19')).toBe('2024-03');
    expect(splitChangelogEndpoint('GET /rest/v1.0/projects')).toEqual({
      method: 'GET',
      path: '/rest/v1.0/projects',
    });
    expect(splitChangelogEndpoint(null)).toBeNull();
  });

  it('reads the type filter as one value or a list, and refuses unknown types', () => {
    expect(aggregatedChangelogQuery.parse({ filters: { type: 'fix' } })).toEqual({
      page: 1,
      per_page: 50,
      filters: { type: ['fix'] },
    });
    expect(
      aggregatedChangelogQuery.parse({ filters: { type: ['new', 'new', 'sunset'], breaking: 'true' } })
        .filters,
    ).toEqual({
      type: ['new', 'sunset'],
      breaking: true,
    });
    expect(aggregatedChangelogQuery.safeParse({ filters: { type: ['bugfix'] } }).success).toBe(false);
  });

  it('defaults a new entry to public, shown, not breaking, on the published documentation', () => {
    expect(
      changelogEntryInput.parse({ summary: ' Roles ', type: 'new', datestamp: '2024-02-13', link: '' }),
    ).toEqual({
      summary: 'Roles',
      type: 'new',
      datestamp: '2024-02-13',
      description: '',
      breaking: false,
      public: true,
      hidden: false,
      endpoint: null,
      versions: null,
      link: null,
      documentation_branch: null,
    });
    for (const bad of [
      { endpoint: 'FETCH /x' },
      { endpoint: 'GET projects' },
      { link: 'ftp://x' },
      { datestamp: '2024-02-30' },
      { documentation_branch: '../main' },
    ]) {
      expect(
        changelogEntryInput.safeParse({ summary: 'x', type: 'new', datestamp: '2024-02-13', ...bad }).success,
      ).toBe(false);
    }
  });
});
