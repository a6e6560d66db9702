const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /loading (css )?chunk [\w-]+ failed/i,
  /loading chunk/i,
  /unable to preload css/i,
];

/**
 * Whether an error comes from loading a code chunk (typically a new deploy removed the old files):
 * reloading the page fixes those, so the crash page offers a Reload button (spec 1 §2, §8).
 */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error === 'string') return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error));
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}
