import type { UploadKind } from '@portal/contracts/uploads';

export interface SniffedType {
  kind: UploadKind;
  /** The content type the file is served with. */
  mime: string;
}

/** How many leading bytes `sniff` reads: file-type's sample size, enough for every format below. */
export const SNIFF_BYTES = 4100;

/**
 * The formats browsers and phones produce that we accept, by the type `file-type` finds, with the content type we
 * serve them with. SVG and other text-based formats are deliberately not images here: served from our origin they
 * could carry script (and `file-type` does not detect text formats).
 */
const ACCEPTED: Record<string, SniffedType> = {
  'image/jpeg': { kind: 'image', mime: 'image/jpeg' },
  'image/png': { kind: 'image', mime: 'image/png' },
  'image/apng': { kind: 'image', mime: 'image/png' },
  'image/gif': { kind: 'image', mime: 'image/gif' },
  'image/webp': { kind: 'image', mime: 'image/webp' },
  'image/avif': { kind: 'image', mime: 'image/avif' },
  'image/heic': { kind: 'image', mime: 'image/heic' },
  'image/heic-sequence': { kind: 'image', mime: 'image/heic' },
  'image/heif': { kind: 'image', mime: 'image/heif' },
  'image/heif-sequence': { kind: 'image', mime: 'image/heif' },
  'video/mp4': { kind: 'video', mime: 'video/mp4' },
  'video/x-m4v': { kind: 'video', mime: 'video/mp4' },
  'video/quicktime': { kind: 'video', mime: 'video/quicktime' },
  'video/3gpp': { kind: 'video', mime: 'video/3gpp' },
  'video/3gpp2': { kind: 'video', mime: 'video/3gpp' },
  'video/webm': { kind: 'video', mime: 'video/webm' },
  'video/matroska': { kind: 'video', mime: 'video/x-matroska' },
  'video/x-matroska': { kind: 'video', mime: 'video/x-matroska' },
  'video/vnd.avi': { kind: 'video', mime: 'video/x-msvideo' },
  'video/x-msvideo': { kind: 'video', mime: 'video/x-msvideo' },
};

/** A PDF starts with this signature (ISO 32000-1, 7.5.2); the name and the declared type say nothing. */
const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');

/** What a file really is, from its first bytes; null for anything we do not accept. */
export async function sniff(bytes: Buffer): Promise<SniffedType | null> {
  if (bytes.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) return { kind: 'document', mime: 'application/pdf' };
  // Loaded with the first upload rather than at start (~12 MB an idle server does not need).
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  return (found && ACCEPTED[found.mime]) ?? null;
}
