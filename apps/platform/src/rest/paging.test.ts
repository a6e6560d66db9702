import { describe, expect, it } from 'vitest';
import { RestError } from './errors';
import { linkHeader, linkRelations, pageRequest } from './paging';

const rels = (page: number, last: number) =>
  linkRelations(page, last).map((link) => `${link.rel}:${link.page}`);

describe('Link relations by the reference rule (rest-api.md §3)', () => {
  it('page 1 carries next and last; page 2 adds first; page 3 on carries all four; the last drops next', () => {
    expect(rels(1, 5)).toEqual(['next:2', 'last:5']);
    expect(rels(2, 5)).toEqual(['first:1', 'next:3', 'last:5']);
    expect(rels(3, 5)).toEqual(['first:1', 'prev:2', 'next:4', 'last:5']);
    expect(rels(5, 5)).toEqual(['first:1', 'prev:4', 'last:5']);
    expect(rels(2, 2)).toEqual(['first:1', 'last:2']);
    expect(rels(1, 1)).toEqual(['last:1']);
  });

  it('writes absolute URLs that keep the other parameters as sent', () => {
    expect(
      linkHeader(
        'http://x.test/sandbox/rest/v1.0/projects',
        'filters[name]=a%20b&page=2&per_page=5',
        2,
        5,
        12,
      ),
    ).toBe(
      '<http://x.test/sandbox/rest/v1.0/projects?filters[name]=a%20b&page=1&per_page=5>; rel="first", ' +
        '<http://x.test/sandbox/rest/v1.0/projects?filters[name]=a%20b&page=3&per_page=5>; rel="next", ' +
        '<http://x.test/sandbox/rest/v1.0/projects?filters[name]=a%20b&page=3&per_page=5>; rel="last"',
    );
  });
});

describe('page and per_page', () => {
  it('default to page 1 of 100', () => {
    expect(pageRequest({})).toEqual({ page: 1, perPage: 100, offset: 0 });
    expect(pageRequest({ page: '3', per_page: '5' })).toEqual({ page: 3, perPage: 5, offset: 10 });
  });

  it.each([
    { per_page: '0' },
    { per_page: '100000' },
    { per_page: 'ten' },
    { per_page: ['1', '2'] },
    { page: '0' },
    { page: '-1' },
    { page: '1.5' },
  ])('refuse %j with a 400 that names the range', (query) => {
    try {
      pageRequest(query);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RestError);
      expect((error as RestError).status).toBe(400);
      expect((error as RestError).message).toMatch(/must be an integer from 1 to/);
    }
  });
});
