import { describe, expect, it } from 'vitest';
import { jpegBytes, pngBytes } from '../../../test/image-bytes.ts';
import { bufferReader, readImageSize, type ByteReader } from './image-size.ts';

/** A reader that records which bytes were asked for. */
function countingReader(bytes: Buffer) {
  const asked: Array<[number, number]> = [];
  const read: ByteReader = async (start, length) => {
    asked.push([start, length]);
    return bufferReader(bytes)(start, length);
  };
  return { read, asked };
}

describe('reading an image size from its header', () => {
  it('reads a PNG’s size and whether its colour type carries alpha', async () => {
    expect(await readImageSize(bufferReader(pngBytes(1024, 1024)))).toEqual({ format: 'png', width: 1024, height: 1024, hasAlpha: false });
    expect(await readImageSize(bufferReader(pngBytes(1290, 2796, { alpha: true })))).toEqual({ format: 'png', width: 1290, height: 2796, hasAlpha: true });
  });

  it('reads a JPEG’s size from its frame header, skipping the segments before it', async () => {
    expect(await readImageSize(bufferReader(jpegBytes(2796, 1290)))).toEqual({ format: 'jpeg', width: 2796, height: 1290, hasAlpha: false });
    const withExif = jpegBytes(1320, 2868, { exifBytes: 60_000 });
    const { read, asked } = countingReader(withExif);
    expect(await readImageSize(read)).toEqual({ format: 'jpeg', width: 1320, height: 2868, hasAlpha: false });
    // The APP1 segment is stepped over by its length, never read through.
    expect(asked.reduce((sum, [, length]) => sum + length, 0)).toBeLessThan(100);
  });

  it('answers null for other formats and for cut or broken headers', async () => {
    const png = pngBytes(10, 10);
    const jpeg = jpegBytes(10, 10);
    const gif = Buffer.from('GIF89a\x0a\x00\x0a\x00', 'latin1');
    for (const bytes of [gif, Buffer.alloc(0), png.subarray(0, 20), jpeg.subarray(0, 30), Buffer.from('hello world')]) {
      expect(await readImageSize(bufferReader(bytes))).toBeNull();
    }
    const noFrame = Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xd9])]);
    expect(await readImageSize(bufferReader(noFrame))).toBeNull();
    const zeroWidth = Buffer.from(png);
    zeroWidth.writeUInt32BE(0, 16);
    expect(await readImageSize(bufferReader(zeroWidth))).toBeNull();
  });
});
