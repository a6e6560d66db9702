import type { UploadedFile } from '@lintel/shared';
import {
  type Dimensions,
  isLogoSize,
  isPictureSize,
  isVideoSize,
  LISTING_MEDIA,
} from '@lintel/shared/listing';
import { imageSize } from 'image-size';
import { errors } from '../../http/errors';
import { readRange, type Storage } from '../../storage/index';

/** Dimensions of an image from its first bytes (every JPEG/PNG header fits in the upload's head). */
export function imageDimensions(file: UploadedFile): Dimensions | undefined {
  try {
    const size = imageSize(file.head);
    return size.width && size.height ? { width: size.width, height: size.height } : undefined;
  } catch {
    return undefined;
  }
}

/** 422 for a logo that is not square and larger than 200×200 (read from its content). */
export function checkLogo(file: UploadedFile, path: string): Dimensions {
  const size = imageDimensions(file);
  if (!size || !isLogoSize(size)) {
    throw errors.field(path, 'image_size', `${file.filename} ${LISTING_MEDIA.logo.rule}`, {
      min: LISTING_MEDIA.logo.minSide,
      name: file.filename,
    });
  }
  return size;
}

/** 422 for a screenshot outside 720×480..1920×1080 or 4:3..16:9. */
export function checkPicture(file: UploadedFile, path: string): Dimensions {
  const size = imageDimensions(file);
  if (!size || !isPictureSize(size)) {
    const found = size ? ` (it is ${size.width}×${size.height})` : '';
    throw errors.field(path, 'invalid', `${file.filename} ${LISTING_MEDIA.picture.rule}${found}`, {
      name: file.filename,
      ...(size ? { width: size.width, height: size.height } : {}),
    });
  }
  return size;
}

/** 422 for a video whose tracks are below 720p, read from the container's track headers (tkhd). */
export async function checkVideo(storage: Storage, file: UploadedFile, path: string): Promise<Dimensions> {
  const size = await videoDimensions(storage, file);
  if (!size || !isVideoSize(size)) {
    const found = size ? ` (it is ${size.width}×${size.height})` : ' (no video track found)';
    throw errors.field(path, 'invalid', `${file.filename} ${LISTING_MEDIA.video.rule}${found}`, {
      name: file.filename,
      ...(size ? { width: size.width, height: size.height } : {}),
    });
  }
  return size;
}

const MAX_MOOV_BYTES = 32 * 1024 * 1024;

/**
 * The largest video track's dimensions of an MP4/QuickTime file: the `moov` box is found by walking the
 * top-level boxes — in the upload's head when the file is "fast start", else by reading each box header
 * from the stored copy (16 bytes at each box's offset, past the media data without reading it) and then
 * the `moov` box alone. Nothing but that box is ever held in memory.
 */
export async function videoDimensions(storage: Storage, file: UploadedFile): Promise<Dimensions | undefined> {
  const head = Buffer.from(file.head);
  const fromHead = findMoov(head);
  if (fromHead) return largestTrack(fromHead);
  const moov = await moovFromStorage(storage, file.key);
  return moov ? largestTrack(moov) : undefined;
}

const MAX_TOP_LEVEL_BOXES = 1000;

/** Walks the stored file's top-level boxes by ranged reads; the `moov` box's content, if any. */
async function moovFromStorage(storage: Storage, key: string): Promise<Buffer | undefined> {
  let offset = 0;
  let size = Number.POSITIVE_INFINITY;
  for (let boxes = 0; boxes < MAX_TOP_LEVEL_BOXES && offset < size; boxes++) {
    const header = await readRange(storage, key, { start: offset, end: offset + 15 });
    if (!header) return undefined;
    size = header.size;
    const box = boxAt(header.bytes, 0, Math.min(header.bytes.length, size - offset));
    // A size-0 box runs to the end of the file: measured from the object's size, not the 16 bytes read.
    const boxSize = box && header.bytes.readUInt32BE(0) === 0 ? size - offset : box?.size;
    if (!box || boxSize === undefined || offset + boxSize > size) return undefined;
    if (box.type === 'moov') {
      const body = boxSize - box.headerSize;
      if (body > MAX_MOOV_BYTES) return undefined;
      if (body === 0) return Buffer.alloc(0);
      const moov = await readRange(storage, key, {
        start: offset + box.headerSize,
        end: offset + boxSize - 1,
      });
      return moov && moov.bytes.length === body ? moov.bytes : undefined;
    }
    offset += boxSize;
  }
  return undefined;
}

interface Box {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

function boxAt(buffer: Buffer, offset: number, end: number): Box | undefined {
  if (offset + 8 > end) return undefined;
  let size = buffer.readUInt32BE(offset);
  const type = buffer.toString('latin1', offset + 4, offset + 8);
  let headerSize = 8;
  if (size === 1) {
    if (offset + 16 > end) return undefined;
    size = Number(buffer.readBigUInt64BE(offset + 8));
    headerSize = 16;
  } else if (size === 0) {
    size = end - offset;
  }
  if (size < headerSize) return undefined;
  return { type, start: offset, headerSize, size };
}

/** The `moov` box's bytes when the whole box lies in `buffer`. */
function findMoov(buffer: Buffer): Buffer | undefined {
  let offset = 0;
  while (offset < buffer.length) {
    const box = boxAt(buffer, offset, buffer.length);
    if (!box) return undefined;
    if (box.type === 'moov') {
      return box.start + box.size <= buffer.length
        ? buffer.subarray(box.start + box.headerSize, box.start + box.size)
        : undefined;
    }
    offset += box.size;
  }
  return undefined;
}

/** The biggest track with a picture: its tkhd width and height (16.16 fixed point). */
function largestTrack(moov: Buffer): Dimensions | undefined {
  let best: Dimensions | undefined;
  for (const trak of children(moov).filter((box) => box.type === 'trak')) {
    const body = moov.subarray(trak.start + trak.headerSize, trak.start + trak.size);
    const tkhd = children(body).find((box) => box.type === 'tkhd');
    if (!tkhd) continue;
    const handler = handlerOf(body);
    if (handler && handler !== 'vide') continue;
    const data = body.subarray(tkhd.start + tkhd.headerSize, tkhd.start + tkhd.size);
    const version = data[0];
    const offset =
      version === 1
        ? 4 + 8 + 8 + 4 + 4 + 8 + 8 + 2 + 2 + 2 + 2 + 36
        : 4 + 4 + 4 + 4 + 4 + 4 + 8 + 2 + 2 + 2 + 2 + 36;
    if (data.length < offset + 8) continue;
    const width = Math.round(data.readUInt32BE(offset) / 65536);
    const height = Math.round(data.readUInt32BE(offset + 4) / 65536);
    if (width === 0 || height === 0) continue;
    if (!best || width * height > best.width * best.height) best = { width, height };
  }
  return best;
}

function handlerOf(trak: Buffer): string | undefined {
  const mdia = children(trak).find((box) => box.type === 'mdia');
  if (!mdia) return undefined;
  const body = trak.subarray(mdia.start + mdia.headerSize, mdia.start + mdia.size);
  const hdlr = children(body).find((box) => box.type === 'hdlr');
  if (!hdlr) return undefined;
  const data = body.subarray(hdlr.start + hdlr.headerSize, hdlr.start + hdlr.size);
  return data.length >= 12 ? data.toString('latin1', 8, 12) : undefined;
}

function children(buffer: Buffer): Box[] {
  const boxes: Box[] = [];
  let offset = 0;
  while (offset < buffer.length) {
    const box = boxAt(buffer, offset, buffer.length);
    if (!box || box.start + box.size > buffer.length) break;
    boxes.push(box);
    offset += box.size;
  }
  return boxes;
}
