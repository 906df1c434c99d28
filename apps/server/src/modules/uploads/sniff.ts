import type { UploadKind } from '@portal/contracts/uploads';

export interface SniffedType {
  kind: UploadKind;
  /** The content type the file is served with. */
  mime: string;
}

/** How many leading bytes `sniff` needs. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');
const startsWith = (bytes: Buffer, signature: number[]) => signature.every((b, i) => bytes[i] === b);

// ISO base media (ftyp) brands that are still images; every other brand is a video container.
const IMAGE_BRANDS: Record<string, string> = {
  avif: 'image/avif',
  avis: 'image/avif',
  heic: 'image/heic',
  heix: 'image/heic',
  heim: 'image/heic',
  heis: 'image/heic',
  mif1: 'image/heif',
  msf1: 'image/heif',
};

/**
 * What a file really is, from its first bytes (the formats browsers and phones produce). SVG and other
 * text-based formats are deliberately not images here: served from our origin they could carry script.
 */
export function sniff(bytes: Buffer): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', mime: 'image/png' };
  if (['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6))) return { kind: 'image', mime: 'image/gif' };
  if (ascii(bytes, 0, 4) === 'RIFF') {
    const form = ascii(bytes, 8, 12);
    if (form === 'WEBP') return { kind: 'image', mime: 'image/webp' };
    if (form === 'AVI ') return { kind: 'video', mime: 'video/x-msvideo' };
    return null;
  }
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    const image = IMAGE_BRANDS[brand];
    if (image) return { kind: 'image', mime: image };
    if (brand === 'qt  ') return { kind: 'video', mime: 'video/quicktime' };
    if (brand.startsWith('3g')) return { kind: 'video', mime: 'video/3gpp' };
    return { kind: 'video', mime: 'video/mp4' };
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    return {
      kind: 'video',
      mime: ascii(bytes, 0, SNIFF_BYTES).includes('webm') ? 'video/webm' : 'video/x-matroska',
    };
  }
  return null;
}
