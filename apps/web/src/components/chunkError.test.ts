import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunkError';

describe('isChunkLoadError', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: https://x.test/assets/SignInPage-abc.js'),
    new TypeError('error loading dynamically imported module: https://x.test/assets/a.js'),
    new TypeError('Importing a module script failed.'),
    new Error('Loading chunk 42 failed.'),
    new Error('Loading CSS chunk 7 failed'),
    Object.assign(new Error('whatever'), { name: 'ChunkLoadError' }),
    { name: 'ChunkLoadError', message: '' },
    'Failed to fetch dynamically imported module',
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([
    new Error('Cannot read properties of undefined'),
    new TypeError('Failed to fetch'),
    { status: 500, statusText: 'Internal Server Error' },
    null,
    undefined,
    42,
    'Something else',
  ])('does not treat %s as a chunk error', (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});
