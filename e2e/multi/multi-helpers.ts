import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { request, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { newUser, signUpWith } from '../fixtures';

/** The instances behind the proxy (scripts/multi-instance.mjs), each reachable directly for operator calls. */
export const INSTANCE_PORTS = (process.env.MULTI_INSTANCE_PORTS ?? '3401,3402,3403').split(',').map(Number);

/** A query on the portal's database, for what no API shows (Square sandbox charges). */
export async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A signed-up customer on an API context of their own, through the proxy, signed in by their verification link. */
export async function customer(baseURL: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  await signUpWith(context, newUser('multi'));
  return context;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A real PNG of random pixels, made without any system tool. Random pixels do not compress, so a 400x300 picture is
 * about 360 KB: over the 256 KiB that go in the creating request, so it goes up in several tus requests.
 */
export function noisePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
