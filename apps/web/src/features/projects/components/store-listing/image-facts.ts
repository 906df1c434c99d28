import type { ImageFacts } from '@portal/contracts/store-listing';

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/**
 * What a chosen file is, checked before it is uploaded: its format by its first bytes, its size in pixels as the
 * browser decodes it, and for a PNG whether its colour type carries alpha. The server reads the same from the
 * stored bytes when the listing is saved.
 */
export async function imageFactsOf(file: File): Promise<ImageFacts> {
  const head = new Uint8Array(await file.slice(0, 26).arrayBuffer());
  const format = startsWith(head, [0x89, 0x50, 0x4e, 0x47]) ? 'png' : startsWith(head, [0xff, 0xd8, 0xff]) ? 'jpeg' : 'other';
  if (format === 'other') return { format, width: 0, height: 0, hasAlpha: false };
  try {
    const bitmap = await createImageBitmap(file);
    const facts = { format, width: bitmap.width, height: bitmap.height, hasAlpha: format === 'png' && (head[25] === 4 || head[25] === 6) } as const;
    bitmap.close();
    return facts;
  } catch {
    return { format: 'other', width: 0, height: 0, hasAlpha: false };
  }
}
