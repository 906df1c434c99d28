import { crc32, deflateSync } from 'node:zlib';

/** One chunk of a PNG: length, type, data and its CRC (PNG spec 5.3). */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one grey, RGB (colour type 2) or RGBA (colour type 6). */
export function pngBytes(width: number, height: number, { alpha = false } = {}): Buffer {
  const channels = alpha ? 4 : 3;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, alpha ? 6 : 2, 0, 0, 0], 8);
  // Each row: filter byte 0, then mid-grey (and opaque) pixels.
  const rows = Buffer.alloc((width * channels + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width * channels + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const segment = (marker: number, data: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};

/**
 * A real baseline JPEG of one grey: JFIF, a quantisation table, the frame, two one-code Huffman tables and a scan in
 * which every 8x8 block is "DC unchanged, end of block" (2 bits). `exifBytes` adds an APP1 segment of that size
 * before the frame, as cameras write one, so that a reader must skip it to find the size.
 */
export function jpegBytes(width: number, height: number, { exifBytes = 0 } = {}): Buffer {
  const frame = Buffer.from([8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  const oneCode = (tableClass: number) => Buffer.from([tableClass << 4, 1, ...new Array<number>(15).fill(0), 0]);
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const scan = Buffer.alloc(Math.ceil((blocks * 2) / 8), 0);
  const usedBits = (blocks * 2) % 8;
  // The last byte's unused bits are ones (ITU T.81 F.1.2.3).
  if (usedBits) scan[scan.length - 1] = 0xff >> usedBits;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])),
    ...(exifBytes ? [segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.alloc(exifBytes - 6, 0x2a)]))] : []),
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    segment(0xc0, frame),
    segment(0xc4, oneCode(0)),
    segment(0xc4, oneCode(1)),
    segment(0xda, Buffer.from([1, 1, 0, 0, 63, 0])),
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}
