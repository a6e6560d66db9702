import type { Config } from '../config';
import type { Storage } from './contract';
import { LocalStorage } from './local';

export { type ByteRange, checkKey, readRange, type Storage, type StoredObject } from './contract';
export { LocalStorage } from './local';

/**
 * The adapter STORAGE_URL names: the local directory (DATA_DIR/files by default) or an S3 bucket.
 * The AWS SDK is loaded only when a bucket is configured (it adds a quarter of a second to every start).
 */
export async function createStorage(config: Pick<Config, 'storage'>): Promise<Storage> {
  const { storage } = config;
  switch (storage.kind) {
    case 'local':
      return new LocalStorage(storage.directory);
    case 's3': {
      const { S3Storage } = await import('./s3');
      return new S3Storage({ bucket: storage.bucket, region: storage.region, endpoint: storage.endpoint });
    }
  }
}
