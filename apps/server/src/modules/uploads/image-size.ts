import type { Readable } from 'node:stream';
import type { ImageFormat } from '@portal/contracts/store-listing';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import * as repo from './repository.ts';
import { uploadStorage } from './storage.ts';
import type { UploadStorage } from './upload-storage.ts';

/** An image's format and size in pixels, read from its header; `hasAlpha` from a PNG's colour type. */
export interface ImageSize {
  format: ImageFormat;
  width: number;
  height: number;
  hasAlpha: boolean;
}

/** Reads up to `length` bytes from `start` (fewer at the file's end, none past it). */
export type ByteReader = (start: number, length: number) => Promise<Buffer>;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Colour types 4 (grey and alpha) and 6 (RGB and alpha) carry an alpha channel (PNG spec 11.2.2). */
const PNG_ALPHA_TYPES = new Set([4, 6]);
/** Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers with no length after them: TEM, RST0-7 (and SOI, EOI, handled before). */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
/** The header of a JPEG is within its first few segments; a file that has none by then is not read further. */
const JPEG_MAX_SEGMENTS = 200;
const JPEG_MAX_OFFSET = 8 * 1024 * 1024;

/** PNG: the signature, then IHDR first: width, height, bit depth, colour type (PNG spec 5.2, 11.2.2). */
async function pngSize(read: ByteReader): Promise<ImageSize | null> {
  const head = await read(0, 26);
  if (head.length < 26 || !head.subarray(0, 8).equals(PNG_SIGNATURE) || head.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = head.readUInt32BE(16);
  const height = head.readUInt32BE(20);
  return width && height ? { format: 'png', width, height, hasAlpha: PNG_ALPHA_TYPES.has(head[25]!) } : null;
}

/** JPEG: segment after segment from SOI, each skipped by its length, up to the first start-of-frame (ITU T.81 B.2). */
async function jpegSize(read: ByteReader): Promise<ImageSize | null> {
  let offset = 2;
  for (let segment = 0; segment < JPEG_MAX_SEGMENTS && offset < JPEG_MAX_OFFSET; segment++) {
    const head = await read(offset, 9);
    if (head.length < 2 || head[0] !== 0xff) return null;
    const marker = head[1]!;
    if (marker === 0xff) {
      offset += 1; // a fill byte before the marker
      continue;
    }
    if (standalone(marker)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda || head.length < 4) return null; // end of image or scan data before any frame
    if (isStartOfFrame(marker)) {
      if (head.length < 9) return null;
      const height = head.readUInt16BE(5);
      const width = head.readUInt16BE(7);
      return width && height ? { format: 'jpeg', width, height, hasAlpha: false } : null;
    }
    offset += 2 + head.readUInt16BE(2);
  }
  return null;
}

/** The size of a PNG or JPEG image from its header, reading only the bytes needed; null for anything else. */
export async function readImageSize(read: ByteReader): Promise<ImageSize | null> {
  const magic = await read(0, 3);
  if (magic.length === 3 && magic[0] === 0xff && magic[1] === 0xd8 && magic[2] === 0xff) return jpegSize(read);
  if (magic[0] === PNG_SIGNATURE[0]) return pngSize(read);
  return null;
}

/** A reader over bytes in memory. */
export const bufferReader =
  (bytes: Buffer): ByteReader =>
  async (start, length) =>
    bytes.subarray(start, start + length);

/** Bytes are fetched from storage a block at a time, so that walking a JPEG's segments costs a read or two. */
const BLOCK = 16 * 1024;

async function collect(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A reader over a stored file of `size` bytes, reading whole blocks once each. */
function storedReader(storage: UploadStorage, storageKey: string, size: number): ByteReader {
  const blocks = new Map<number, Promise<Buffer>>();
  const block = (index: number) => {
    let found = blocks.get(index);
    if (!found) {
      const start = index * BLOCK;
      found = storage.read(storageKey, { start, end: Math.min(size, start + BLOCK) - 1 }).then(collect);
      blocks.set(index, found);
    }
    return found;
  };
  return async (start, length) => {
    const end = Math.min(size, start + length);
    if (start >= end) return Buffer.alloc(0);
    const parts: Buffer[] = [];
    for (let index = Math.floor(start / BLOCK); index * BLOCK < end; index++) parts.push(await block(index));
    const first = Math.floor(start / BLOCK) * BLOCK;
    return Buffer.concat(parts).subarray(start - first, end - first);
  };
}

/** The size of a finished upload's image, read from the first bytes of the stored file; null when it is not one. */
export async function imageSizeOfUpload(db: Db, config: Config, uploadId: string): Promise<ImageSize | null> {
  const upload = await repo.findCompletedUpload(db, uploadId);
  if (!upload) return null;
  const storage = uploadStorage(config);
  const size = await storage.size(upload.storageKey);
  if (!size) return null;
  return readImageSize(storedReader(storage, upload.storageKey, size));
}
