import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);
import {
  checkKey,
  countingBytes
} from "./chunk-NJ2XX4KM.mjs";
import "./chunk-YODZ6O3U.mjs";

// apps/server/src/storage/s3.ts
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
var S3Storage = class {
  client;
  bucket;
  constructor(options) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      credentials: options.credentials,
      ...options.endpoint ? {
        endpoint: options.endpoint,
        // Other stores serve buckets by path, not by DNS name.
        forcePathStyle: true,
        // Checksums only where S3 requires them: not every S3-compatible store accepts the SDK's
        // default trailing checksums on streamed bodies.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED"
      } : {}
    });
  }
  async put(key, body, options = {}) {
    checkKey(key);
    let size = 0;
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: Buffer.isBuffer(body) ? body : Readable.from(countingBytes(body, (bytes) => size += bytes)),
        ContentType: options.contentType
      }
    });
    try {
      await upload.done();
    } catch (error) {
      if (!Buffer.isBuffer(body)) body.destroy();
      throw error;
    }
    return { size: Buffer.isBuffer(body) ? body.length : size };
  }
  async get(key) {
    checkKey(key);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const stream = response.Body;
      if (!(stream instanceof Readable) || response.ContentLength === void 0) {
        throw new Error(`S3 answered GetObject ${key} without a body stream or a length`);
      }
      return { stream, size: response.ContentLength, contentType: response.ContentType };
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === "NoSuchKey") return void 0;
      throw error;
    }
  }
  async head(key) {
    checkKey(key);
    try {
      const response = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: response.ContentLength ?? 0, contentType: response.ContentType };
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return void 0;
      throw error;
    }
  }
  async delete(key) {
    checkKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
  close() {
    this.client.destroy();
  }
};
export {
  S3Storage
};
