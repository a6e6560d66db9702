import type { Readable } from 'node:stream';

/** An object as stored: its bytes as a stream, its size, and the content type given when it was put. */
export interface StoredObject {
  stream: Readable;
  size: number;
  contentType?: string;
}

/** Bytes `start` to `end` of an object, both inclusive (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live: a local directory by default, an S3-compatible object store when
 * STORAGE_URL says so. Bodies stream in and out; no adapter holds a whole file in memory.
 */
export interface Storage {
  /** Stores the body under `key`, replacing what was there; readers see the old or the new object, never half. */
  put(key: string, body: Readable | Buffer, options?: { contentType?: string }): Promise<{ size: number }>;
  /**
   * The object, or undefined when there is none. The caller must consume or destroy the stream. With
   * `range`, the stream carries only bytes `start` to `end` (inclusive, clamped to the object's end);
   * `size` stays the whole object's.
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | undefined>;
  /** Size and content type without the bytes, or undefined when there is no object. */
  head(key: string): Promise<{ size: number; contentType?: string } | undefined>;
  /** Removes the object; no error when there is none. */
  delete(key: string): Promise<void>;
  /** Releases connections (the S3 client's sockets); the storage is not used afterwards. */
  close(): void;
}

// Keys are made by the portal itself ("thumbnails/app-12-9f….png"): slash-separated segments that each
// start with a letter or digit, so no key can climb out of a directory, name a hidden file, or collide
// with the local adapter's own ".tmp" and ".meta" folders.
const SAFE_KEY = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;
const MAX_KEY_LENGTH = 1024;

/** Throws unless `key` is a safe storage key; every adapter calls it before touching anything. */
export function checkKey(key: string): string {
  if (key.length > MAX_KEY_LENGTH || !SAFE_KEY.test(key) || key.includes('..')) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key.slice(0, 100))}`);
  }
  return key;
}

/** Passes the chunks of `source` through as Buffers, calling `add` with each one's size in bytes. */
export async function* countingBytes(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  add: (bytes: number) => void,
): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk)
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    add(bytes.length);
    yield bytes;
  }
}

/** Bytes `start` to `end` (inclusive) of a stored object, or fewer where the object ends first. */
export async function readRange(
  storage: Storage,
  key: string,
  range: ByteRange,
): Promise<{ bytes: Buffer; size: number } | undefined> {
  const stored = await storage.get(key, range);
  if (!stored) return undefined;
  const parts: Buffer[] = [];
  for await (const chunk of stored.stream) parts.push(chunk as Buffer);
  return { bytes: Buffer.concat(parts), size: stored.size };
}
