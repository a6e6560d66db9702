import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import {
  type EndpointDefinition,
  type FileField,
  MAX_IMAGE_SIDE,
  UPLOAD_HEAD_BYTES,
  UPLOAD_MARK,
  type UploadedFile,
} from '@lintel/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { imageSize } from 'image-size';
import qs from 'qs';
import { z } from 'zod';
import type { Storage } from '../storage/index';
import { AppError, detail, errors } from './errors';
import { cleanFilename, storedFilename } from './filenames';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads are streamed (the storage adapter of the configuration). */
    storage: Storage;
  }
  interface FastifyRequest {
    /** The files of a multipart request, stored; removed again when the answer is a refusal. */
    uploads: UploadedFile[] | null;
  }
}

// file-type is loaded when the first upload is checked, not at start (issue 24: the idle server's memory).
const fileTypeFromBuffer = async (bytes: Uint8Array) => (await import('file-type')).fileTypeFromBuffer(bytes);

// file-type recognises every format we accept from at most this many leading bytes.
const SNIFF_BYTES = 4100;
const MAX_TEXT_FIELDS = 500;
const MAX_TEXT_FIELD_BYTES = 256 * 1024;

/** `submission[pictures_attributes][0][file]` → `submission.pictures_attributes.0.file`. */
export function bracketPath(field: string): string {
  return field.replace(/\]/g, '').replace(/\[/g, '.');
}

function fieldPattern(name: string): RegExp {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\[N\\\]/g, '\\[\\d+\\]');
  return new RegExp(`^${escaped}$`);
}

function specFor(files: Readonly<Record<string, FileField>>, field: string): [string, FileField] | undefined {
  return Object.entries(files).find(([name]) => fieldPattern(name).test(field));
}

/** Registers the uploads decoration and removes a refused request's stored files. */
export function registerUploads(app: FastifyInstance, storage: Storage): void {
  app.decorate('storage', storage);
  app.decorateRequest('uploads', null);
  app.addHook('onResponse', async (request, reply) => {
    if (!request.uploads || reply.statusCode < 400) return;
    await Promise.allSettled(request.uploads.map((upload) => storage.delete(upload.key)));
  });
}

/**
 * Reads a multipart body: text fields in bracket form become the body (`developer_app[name]`), each file
 * is recognised from its first bytes, refused unless its field accepts that type, and streamed to
 * storage with its size capped; the body then holds an UploadedFile where the file was. Validation of
 * the body by the contract's schema follows, as for JSON.
 */
export async function readMultipartBody(
  request: FastifyRequest,
  endpoint: EndpointDefinition,
): Promise<void> {
  const files = endpoint.files ?? {};
  const specs = Object.values(files);
  const largest = Math.max(...specs.map((spec) => spec.maxBytes));
  const pairs: string[] = [];
  const uploads: UploadedFile[] = [];
  const counts = new Map<string, number>();
  request.uploads = uploads;
  try {
    const parts = parserErrorsAsMalformed(
      request.parts({
        limits: {
          fileSize: largest + 1,
          files: specs.reduce((sum, spec) => sum + (spec.maxCount ?? 1), 0),
          fields: MAX_TEXT_FIELDS,
          fieldSize: MAX_TEXT_FIELD_BYTES,
          parts: MAX_TEXT_FIELDS + 100,
        },
      }),
    );
    for await (const part of parts) {
      // A part without a name cannot be placed in the body: the form is malformed, not invalid.
      if (!part.fieldname) {
        if (part.type === 'file') part.file.resume();
        throw malformedMultipart();
      }
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new AppError('payload_too_large', 'A form field is too large.', [
            detail(bracketPath(part.fieldname), 'too_long', 'is too large'),
          ]);
        }
        pairs.push(`${encodeURIComponent(part.fieldname)}=${encodeURIComponent(String(part.value))}`);
        continue;
      }
      const found = specFor(files, part.fieldname);
      if (!found) {
        part.file.resume();
        throw errors.field(bracketPath(part.fieldname), 'unknown_field', 'is not a known file field');
      }
      const [name, spec] = found;
      const count = (counts.get(name) ?? 0) + 1;
      counts.set(name, count);
      if (count > (spec.maxCount ?? 1)) {
        part.file.resume();
        throw errors.field(bracketPath(part.fieldname), 'too_many', `at most ${spec.maxCount ?? 1} files`, {
          max: spec.maxCount ?? 1,
        });
      }
      const upload = await storeFile(request.server.storage, part, spec);
      uploads.push(upload);
      checkImageSide(upload);
    }
  } catch (error) {
    await Promise.allSettled(uploads.map((upload) => request.server.storage.delete(upload.key)));
    request.uploads = null;
    throw error;
  }
  // Text fields keep their indexes, as files do (setAt): `[2][description]` alone must stay the third
  // item's, not be compacted onto the first file. Any index one form field can carry stays an array
  // index (qs turns indexes past arrayLimit into object keys).
  const text = qs.parse(pairs.join('&'), {
    depth: 6,
    arrayLimit: MAX_TEXT_FIELDS,
    allowSparse: true,
    parameterLimit: MAX_TEXT_FIELDS,
  });
  const body = coerce(text, inputSchemaOf(endpoint)) as Record<string, unknown>;
  for (const upload of uploads) setAt(body, bracketPath(upload.field).split('.'), upload);
  request.body = body;
}

/**
 * Bytes the server supplies itself (the demo seed's images) stored as an upload of `field`: the type
 * detected from the bytes as a form's file is, under the same kind of key, so the services check it as
 * they check a user's upload.
 */
export async function storeBytes(
  storage: Storage,
  file: { field: string; filename: string; bytes: Buffer; accept: readonly string[] },
): Promise<UploadedFile> {
  const type = await fileTypeFromBuffer(file.bytes.subarray(0, SNIFF_BYTES));
  if (!type || !file.accept.includes(type.mime)) throw new Error(`${file.filename} is not an accepted file`);
  const key = uploadKey(type.ext);
  await storage.put(key, Readable.from([file.bytes]), { contentType: type.mime });
  return {
    [UPLOAD_MARK]: true,
    field: file.field,
    filename: file.filename,
    contentType: type.mime,
    extension: type.ext,
    size: file.bytes.length,
    key,
    head: file.bytes.subarray(0, UPLOAD_HEAD_BYTES),
  };
}

function uploadKey(extension: string): string {
  return `uploads/${new Date().toISOString().slice(0, 7)}/${randomBytes(12).toString('hex')}.${extension}`;
}

async function storeFile(storage: Storage, part: MultipartFile, spec: FileField): Promise<UploadedFile> {
  const path = bracketPath(part.fieldname);
  // The name as the user sees it in a refusal: without control or bidi characters.
  const shownName = cleanFilename(part.filename);
  const head = await readHead(part, SNIFF_BYTES);
  const type = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  if (!type || !spec.accept.includes(type.mime)) {
    part.file.resume();
    const kinds = typeNames(spec.accept);
    throw errors.field(path, 'file_type', `${shownName || 'the file'} is not a ${kinds} file`, {
      types: kinds,
      name: shownName,
    });
  }
  const key = uploadKey(type.ext);
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let size = 0;
  const tooLarge = () =>
    new AppError('payload_too_large', `${shownName || 'The file'} is too large.`, [
      detail(path, 'file_too_large', `must be at most ${formatBytes(spec.maxBytes)}`, {
        max_mb: Math.round((spec.maxBytes / 1024 / 1024) * 10) / 10,
        name: shownName,
      }),
    ]);
  // The head first, then the rest as it arrives: counted, capped, its first bytes kept for inspection.
  async function* chunks(): AsyncGenerator<Buffer> {
    for (const chunk of [head, parserErrorsAsMalformed(part.file)]) {
      for await (const piece of chunk instanceof Buffer ? [chunk] : (chunk as AsyncIterable<Buffer>)) {
        size += piece.length;
        if (size > spec.maxBytes) throw tooLarge();
        if (keptBytes < UPLOAD_HEAD_BYTES) {
          const slice = piece.subarray(0, UPLOAD_HEAD_BYTES - keptBytes);
          kept.push(slice);
          keptBytes += slice.length;
        }
        yield piece;
      }
    }
  }
  try {
    await storage.put(key, Readable.from(chunks()), { contentType: type.mime });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (part.file.truncated) {
    await storage.delete(key);
    throw errors.field(path, 'file_too_large', `must be at most ${formatBytes(spec.maxBytes)}`);
  }
  return {
    [UPLOAD_MARK]: true,
    field: part.fieldname,
    // The extension of what the bytes are, not of what the name claims (`poly.html` → `poly.png`).
    filename: storedFilename(part.filename, type.ext),
    contentType: type.mime,
    extension: type.ext,
    size,
    key,
    head: Buffer.concat(kept),
  };
}

/**
 * 422 for an image wider or taller than MAX_IMAGE_SIDE, whatever field it came in (logos, thumbnails,
 * screenshots): its dimensions come from the header in the upload's head, never from decoding it.
 * An image whose header cannot be read is left to its area's own rule (which refuses it).
 */
function checkImageSide(upload: UploadedFile): void {
  if (!upload.contentType.startsWith('image/')) return;
  let size: { width?: number; height?: number };
  try {
    size = imageSize(upload.head);
  } catch {
    return;
  }
  const width = size.width ?? 0;
  const height = size.height ?? 0;
  if (width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE) return;
  const name = upload.filename || 'the image';
  throw errors.field(
    bracketPath(upload.field),
    'image_too_large',
    `${name} is ${width}×${height} pixels: images may be at most ${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE}`,
    { name, width, height, max: MAX_IMAGE_SIDE },
  );
}

/** Reads up to `bytes` leading bytes of a file part without losing them (they are written first). */
async function readHead(part: MultipartFile, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  const stream = part.file;
  while (length < bytes) {
    // The parser may have failed the part before we got to it (a truncated body arrives at once):
    // its events have fired already, so waiting for them would never end.
    if (stream.destroyed) {
      if (stream.readableEnded) break;
      throw malformedMultipart();
    }
    const chunk: Buffer | null = stream.read();
    if (chunk === null) {
      if (stream.readableEnded) break;
      const ended = await new Promise<boolean>((resolve, reject) => {
        const done = () => {
          stream.off('readable', onReadable);
          stream.off('end', onEnd);
          stream.off('error', onError);
          stream.off('close', onError);
        };
        const onReadable = () => {
          done();
          resolve(false);
        };
        const onEnd = () => {
          done();
          resolve(true);
        };
        const onError = () => {
          done();
          reject(malformedMultipart());
        };
        stream.once('readable', onReadable);
        stream.once('end', onEnd);
        stream.once('error', onError);
        stream.once('close', onError);
      });
      if (ended) break;
      continue;
    }
    chunks.push(chunk);
    length += chunk.length;
  }
  // Whatever was read past `bytes` belongs to the head too: the caller writes all of it first.
  return Buffer.concat(chunks);
}

/** 400 for a multipart body the parser cannot read (no boundary, truncated, a part without a name). */
export function malformedMultipart(): AppError {
  return new AppError(
    'malformed_multipart',
    'The multipart body could not be read: it is malformed or incomplete.',
  );
}

/** Limits the parser reports keep their own answer (413); every other parser failure is a malformed body. */
const PARSER_LIMITS = new Set([
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_REQ_FILE_TOO_LARGE',
]);

/**
 * The parser's own failures (busboy's "Unexpected end of form", "Boundary not found", a premature close,
 * a prototype field name) as the 400 of a malformed body; our refusals and the size limits pass as they are.
 */
async function* parserErrorsAsMalformed<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* source;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && PARSER_LIMITS.has(code)) throw error;
    throw malformedMultipart();
  }
}

const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
  'application/pdf': 'PDF',
};

/** `['image/jpeg', 'image/png']` → `JPEG or PNG`. */
export function typeNames(types: readonly string[]): string {
  const names = types.map((type) => TYPE_NAMES[type] ?? type);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

const inputSchemas = new WeakMap<EndpointDefinition, JsonSchema>();

function inputSchemaOf(endpoint: EndpointDefinition): JsonSchema {
  let schema = inputSchemas.get(endpoint);
  if (!schema) {
    schema = endpoint.body
      ? (z.toJSONSchema(endpoint.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
      : {};
    inputSchemas.set(endpoint, schema);
  }
  return schema;
}

function typesOf(schema: JsonSchema): string[] {
  const own = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(typesOf);
  return [...own, ...nested];
}

/** The schema of a record's values (`z.record`: additionalProperties without properties), if it is one. */
function recordValuesOf(schema: JsonSchema): JsonSchema | undefined {
  const candidates = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const record = candidates.find(
    (s) => !s.properties && typeof s.additionalProperties === 'object' && s.additionalProperties !== null,
  );
  return record?.additionalProperties as JsonSchema | undefined;
}

function objectSchemaOf(schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties) return schema;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].find(
    (s) => s.properties,
  );
}

/**
 * Form fields are text; the body schema says where a boolean, a number or null is meant, and only
 * there is `true`/`1`/`` turned into one. Anything else stays text for validation to judge.
 */
function coerce(value: unknown, schema: JsonSchema): unknown {
  // A map keyed by ids (`submission[regions][3]=true`): qs reads numeric keys as array indexes.
  const recordValues = recordValuesOf(schema);
  if (recordValues && Array.isArray(value)) {
    const pairs = Array.from(value, (item, index) => [String(index), item] as const);
    value = Object.fromEntries(pairs.filter(([, item]) => item !== undefined));
  }
  if (Array.isArray(value)) {
    const items =
      schema.items ?? [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((s) => s.items)?.items;
    // Array.from, not map: a hole (an index no text field named) becomes undefined for a file to fill.
    return Array.from(value, (item) => (items ? coerce(item, items) : item));
  }
  if (typeof value === 'object' && value !== null) {
    const object = objectSchemaOf(schema);
    const entries = Object.entries(value).map(([key, item]) => {
      const property = object?.properties?.[key] ?? recordValues;
      return [key, property ? coerce(item, property) : item] as const;
    });
    return Object.fromEntries(entries);
  }
  if (typeof value !== 'string') return value;
  const types = typesOf(schema);
  if (types.includes('string')) return value;
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  if ((types.includes('number') || types.includes('integer')) && /^-?\d+(\.\d+)?$/.test(value))
    return Number(value);
  if (types.includes('null') && (value === '' || value === 'null')) return null;
  return value;
}

function setAt(target: Record<string, unknown>, keys: string[], value: unknown): void {
  let current: Record<string, unknown> | unknown[] = target;
  keys.forEach((key, index) => {
    const last = index === keys.length - 1;
    const container = current as Record<string, unknown>;
    if (last) {
      container[key] = value;
      return;
    }
    const nextIsIndex = /^\d+$/.test(keys[index + 1] ?? '');
    if (typeof container[key] !== 'object' || container[key] === null) container[key] = nextIsIndex ? [] : {};
    current = container[key] as Record<string, unknown>;
  });
}
