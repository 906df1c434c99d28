import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { pngChunk as chunk } from '../../apps/server/test/image-bytes';

/** The demo questionnaire's prompts (apps/server/demo/content.json), as the customer reads them. */
export const DEMO_PROMPTS = {
  name: 'What is the name of your business as customers should see it?',
  about: 'Describe your business and what you sell in a few sentences.',
  kind: 'What kind of business is it?',
  features: 'Which features do you want in your app?',
  colour: 'Which main colour should your app use?',
  logo: 'Upload your logo.',
  photos: 'Upload photos of your products, shop or team.',
};

/**
 * A real PNG of one colour with stripes. `padding` adds random-looking bytes in an ancillary chunk, to make a
 * file large enough to go in several chunks while staying a valid image.
 */
export function pngFile(width: number, height: number, rgb: [number, number, number], padding = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const stripe = Math.floor(x / 8) % 2 === 0 ? 1 : 0.8;
      rows.set(
        rgb.map((c) => Math.round(c * stripe)),
        y * (width * 3 + 1) + 1 + x * 3,
      );
    }
  }
  const filler = Buffer.alloc(padding);
  for (let i = 0; i < padding; i++) filler[i] = (i * 2654435761) >>> 24;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(padding ? [chunk('teXt', filler)] : []),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Holds the upload requests that `match` picks until `release` is called, so that an upload's progress can be
 * watched mid-way. Other requests go through.
 */
export async function holdUploads(page: Page, match: (method: string, index: number) => boolean) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let index = 0;
  await page.route('**/api/uploads**', async (route) => {
    index += 1;
    if (match(route.request().method(), index)) await held;
    // A request the page gave up meanwhile (a paused upload) cannot be continued; that is expected.
    await route.continue().catch(() => undefined);
  });
  return async () => {
    release();
    await page.unroute('**/api/uploads**');
  };
}
