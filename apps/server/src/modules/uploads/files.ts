import type { FastifyInstance } from 'fastify';
import { uploadRoutes as route } from '@portal/contracts/routes';
import { DOCUMENT_CONTENT_TYPE } from '@portal/contracts/uploads';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { readableFile } from './service.ts';
import { uploadStorage } from './storage.ts';
import type { ByteRange } from './upload-storage.ts';

// Served files are data, never pages: nothing in them may run, even if opened directly.
const FILE_POLICY =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range within a file of `size` bytes; null when unsatisfiable. */
export function parseRange(header: string, size: number): ByteRange | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  let start: number;
  let end: number;
  if (!match[1]) {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  return start <= end && start < size ? { start, end } : null;
}

/** `attachment` with the asked name, as plain ASCII and as UTF-8 (RFC 6266). */
function attachment(name: string): string {
  const clean =
    Array.from(name, (c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 || '"\\/'.includes(c) ? '_' : c))
      .join('')
      .trim()
      .slice(0, 150) || 'download';
  const ascii = clean.replace(/[^\u0020-\u007e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}

/** The name a chat file was sent with: its storage key's last part after the time it was stored ("…/1700000000000_Invoice.pdf"). */
const sentName = (storageKey: string) => (storageKey.split('/').pop() ?? '').replace(/^\d+_/, '') || 'document.pdf';

export async function fileRoutes(app: FastifyInstance) {
  const storage = uploadStorage(app.config);

  registerRoute(app, route.getFile, async (request, reply) => {
    const upload = await readableFile(app, request.user, request.params.fileId);
    const size = await storage.size(upload.storageKey);
    if (size === null) throw notFound('File not found.');

    const range = request.headers.range ? parseRange(request.headers.range, size) : undefined;
    if (range === null) {
      reply.header('content-range', `bytes */${size}`);
      throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'That part of the file does not exist.');
    }
    const body = await storage.read(upload.storageKey, range);
    reply.headers({
      'content-type': upload.contentType,
      'x-content-type-options': 'nosniff',
      'content-security-policy': FILE_POLICY,
      'cache-control': 'private, max-age=3600',
      'accept-ranges': 'bytes',
    });
    // A document is never shown in the page's place: it is saved, under the name it was sent with.
    const download = request.query.download ?? (upload.contentType === DOCUMENT_CONTENT_TYPE ? sentName(upload.storageKey) : undefined);
    if (download !== undefined) reply.header('content-disposition', attachment(download));
    if (range) {
      reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', range.end - range.start + 1);
    } else {
      reply.header('content-length', size);
    }
    return reply.code(range ? 206 : 200).send(body);
  });
}
