import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type ByteRange, checkKey, countingBytes, type Storage, type StoredObject } from './contract';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible endpoint (MinIO, Ceph, R2 …); unset means AWS itself. */
  endpoint?: string | undefined;
  /** Unset: the SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, instance roles). */
  credentials?: S3ClientConfig['credentials'];
}

/**
 * Objects in one bucket of an S3-compatible store, each under its key. Uploads stream as multipart
 * uploads of unknown length (lib-storage keeps at most queueSize × partSize = 4 × 5 MB in memory);
 * an object appears only when its upload completes, and a failed upload is aborted.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      credentials: options.credentials,
      ...(options.endpoint
        ? {
            endpoint: options.endpoint,
            // Other stores serve buckets by path, not by DNS name.
            forcePathStyle: true,
            // Checksums only where S3 requires them: not every S3-compatible store accepts the SDK's
            // default trailing checksums on streamed bodies.
            requestChecksumCalculation: 'WHEN_REQUIRED',
            responseChecksumValidation: 'WHEN_REQUIRED',
          }
        : {}),
    });
  }

  async put(
    key: string,
    body: Readable | Buffer,
    options: { contentType?: string } = {},
  ): Promise<{ size: number }> {
    checkKey(key);
    let size = 0;
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: Buffer.isBuffer(body) ? body : Readable.from(countingBytes(body, (bytes) => (size += bytes))),
        ContentType: options.contentType,
      },
    });
    try {
      await upload.done();
    } catch (error) {
      // The upload stopped reading: let the producer know rather than leave it waiting.
      if (!Buffer.isBuffer(body)) body.destroy();
      throw error;
    }
    return { size: Buffer.isBuffer(body) ? body.length : size };
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | undefined> {
    checkKey(key);
    try {
      const response = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const stream = response.Body;
      if (!(stream instanceof Readable) || response.ContentLength === undefined) {
        throw new Error(`S3 answered GetObject ${key} without a body stream or a length`);
      }
      // A ranged answer's length is the range's; the object's size is after the slash of Content-Range.
      const size = range ? Number(/\/(\d+)$/.exec(response.ContentRange ?? '')?.[1]) : response.ContentLength;
      if (!Number.isFinite(size)) throw new Error(`S3 answered a ranged GetObject ${key} without its size`);
      return { stream, size, contentType: response.ContentType };
    } catch (error) {
      // Only a missing key means "no object"; a missing bucket is a configuration error and is thrown.
      if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async head(key: string): Promise<{ size: number; contentType?: string } | undefined> {
    checkKey(key);
    try {
      const response = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: response.ContentLength ?? 0, contentType: response.ContentType };
    } catch (error) {
      // HEAD has no body, so a missing key and a missing bucket both arrive as a bare 404.
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    // S3 answers 204 whether or not the key existed.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}
