// The messages of a failed dynamic import (Chrome, Firefox, Safari), of webpack-style chunk loaders and of
// Vite's CSS preload.
const CHUNK_ERROR =
  /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|loading (css )?chunk|unable to preload css/i;

/**
 * Listens for Vite's `vite:preloadError` (a chunk's JS or CSS failed to preload): the error it carries is
 * named ChunkLoadError, so it is known as one whatever its message when it reaches an error boundary.
 */
export function watchPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: { name?: string } }).payload;
    if (error) error.name = 'ChunkLoadError';
  });
}

/**
 * Whether an error comes from loading a code chunk (typically a new deploy removed the old files):
 * reloading the page fixes those, so the crash page offers a Reload button (spec 1 §2, §8).
 */
export function isChunkLoadError(error: unknown): boolean {
  const { name, message } = ((typeof error === 'object' && error) || { message: error }) as {
    name?: unknown;
    message?: unknown;
  };
  return name === 'ChunkLoadError' || (typeof message === 'string' && CHUNK_ERROR.test(message));
}
