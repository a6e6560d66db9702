import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ByteRange, checkKey, countingBytes, type Storage, type StoredObject } from './contract';

// Both folders start with a dot, which no key segment may, so no key can reach them.
const TEMPORARY_DIR = '.tmp';
const META_DIR = '.meta';

interface Meta {
  contentType?: string;
}

/**
 * Files under one directory (DATA_DIR/files by default), each at its key's path. A body is streamed
 * to `.tmp/` and renamed into place, so a reader never sees half a file. The content type, when
 * one is given, is kept in a sidecar `.meta/<key>.json`, written before the file appears.
 */
export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  private metaPathOf(key: string): string {
    return path.join(this.root, META_DIR, `${checkKey(key)}.json`);
  }

  async put(
    key: string,
    body: Readable | Buffer,
    options: { contentType?: string } = {},
  ): Promise<{ size: number }> {
    const target = this.pathOf(key);
    const metaPath = this.metaPathOf(key);
    const temporaryDir = path.join(this.root, TEMPORARY_DIR);
    await Promise.all(
      [path.dirname(target), path.dirname(metaPath), temporaryDir].map((dir) =>
        fs.mkdir(dir, { recursive: true }),
      ),
    );
    const temporary = path.join(temporaryDir, randomUUID());
    const temporaryMeta = `${temporary}.json`;
    let size = 0;
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(
        source,
        (chunks) => countingBytes(chunks, (bytes) => (size += bytes)),
        createWriteStream(temporary, { flags: 'wx' }),
      );
      // The sidecar goes first: once the file is visible, so is its type.
      if (options.contentType) {
        const meta: Meta = { contentType: options.contentType };
        await fs.writeFile(temporaryMeta, JSON.stringify(meta), { flag: 'wx' });
        await fs.rename(temporaryMeta, metaPath);
      } else {
        await fs.rm(metaPath, { force: true });
      }
      await fs.rename(temporary, target);
    } catch (error) {
      await Promise.all([fs.rm(temporary, { force: true }), fs.rm(temporaryMeta, { force: true })]);
      throw error;
    }
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | undefined> {
    const file = this.pathOf(key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, 'r');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    // Size and bytes come from the same open file, even if a put renames a new one over it meanwhile.
    try {
      const [stats, meta] = await Promise.all([handle.stat(), this.readMeta(key)]);
      if (!stats.isFile()) {
        await handle.close();
        return undefined;
      }
      const stream = range
        ? handle.createReadStream({ start: range.start, end: range.end })
        : handle.createReadStream();
      return { stream, size: stats.size, ...meta };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<{ size: number; contentType?: string } | undefined> {
    try {
      const stats = await fs.stat(this.pathOf(key));
      if (!stats.isFile()) return undefined;
      return { size: stats.size, ...(await this.readMeta(key)) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    const stats = await fs.stat(file).catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    // A key that names a folder ("thumbnails" while "thumbnails/a.png" exists) is no object: nothing to do.
    if (stats?.isFile()) await fs.rm(file, { force: true });
    await fs.rm(this.metaPathOf(key), { force: true });
  }

  close(): void {}

  private async readMeta(key: string): Promise<Meta> {
    try {
      const meta = JSON.parse(await fs.readFile(this.metaPathOf(key), 'utf8')) as Meta;
      return typeof meta.contentType === 'string' ? { contentType: meta.contentType } : {};
    } catch (error) {
      if (isMissing(error)) return {};
      throw error;
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
