import { z } from 'zod';

/** Marks a file the server received in a multipart body; JSON cannot forge it. */
export const UPLOAD_MARK: unique symbol = Symbol.for('lintel.upload');

/**
 * A file of a multipart request, already streamed to storage: where it lives, and what its bytes are
 * (the type is recognised from the content, never from the name or the browser's claim).
 */
export interface UploadedFile {
  readonly [UPLOAD_MARK]: true;
  /** The form field it came in (`developer_app[thumbnail]`). */
  field: string;
  /** The name the browser gave it, for display only. */
  filename: string;
  contentType: string;
  extension: string;
  size: number;
  /** Its storage key. */
  key: string;
  /** Its first bytes (at most UPLOAD_HEAD_BYTES), to read image dimensions without a second read. */
  head: Uint8Array;
}

export const UPLOAD_HEAD_BYTES = 512 * 1024;

/**
 * The longest side any uploaded image may have, read from its header (issue 20): a small PNG can decode
 * to gigabytes of pixels in the browsers that show it. Logos are square, so 4096×4096 at most.
 */
export const MAX_IMAGE_SIDE = 4096;

export function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    typeof value === 'object' && value !== null && (value as Partial<UploadedFile>)[UPLOAD_MARK] === true
  );
}

/** A body field that holds a file of a multipart request (the web sends a File or Blob there). */
export const uploadedFile = z.custom<UploadedFile>(isUploadedFile, { message: 'must be a file' });

/** The web-side shape of a request body: every UploadedFile becomes the Blob the browser sends. */
export type WithBlobs<T> = T extends UploadedFile
  ? Blob
  : T extends readonly (infer I)[]
    ? WithBlobs<I>[]
    : T extends object
      ? { [K in keyof T]: WithBlobs<T[K]> }
      : T;
