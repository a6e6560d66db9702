import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where uploaded files live: a local directory by default; an object store can implement the same. */
export interface Storage {
  put(key: string, data: Buffer | Readable, options?: { contentType?: string }): Promise<{ size: number }>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Files under one directory (DATA_DIR/files); keys are relative paths made by the portal itself. */
export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer | Readable): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${target}.${process.pid}.tmp`;
    try {
      await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, createWriteStream(temporary));
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
    await fs.rename(temporary, target);
    return { size: (await fs.stat(target)).size };
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}
