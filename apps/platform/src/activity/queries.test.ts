import { describe, expect, it } from 'vitest';
import { likeContains } from './queries';

describe('likeContains', () => {
  it('matches the text anywhere, its LIKE wildcards and escape character literally', () => {
    expect(likeContains('rfis')).toBe('%rfis%');
    expect(likeContains('100%_done')).toBe('%100\\%\\_done%');
    expect(likeContains('a\\b')).toBe('%a\\\\b%');
  });
});
