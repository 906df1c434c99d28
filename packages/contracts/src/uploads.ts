import { buildPath } from './route-helpers.ts';
import { createUpload, getFile } from './routes/uploads.routes.ts';

/**
 * File uploads (spec §7 file storage, §9 upload sizes). Uploads use the tus resumable protocol at
 * `/api/uploads`; a finished upload is served at `/api/files/{id}`.
 */

/** What an upload is for; each purpose says which kinds of file it takes and who may upload and read them. */
export const UPLOAD_PURPOSE_NAMES = [
  'questionnaire-image',
  'profile-picture',
  'chat-image',
  'chat-video',
  'chat-document',
  'project-logo',
  'banner-image',
  'store-listing-image',
  'project-preview',
  'project-markup',
] as const;
export type UploadPurposeName = (typeof UPLOAD_PURPOSE_NAMES)[number];

/** A document is a PDF: recognised by its `%PDF-` signature, always served as a download. */
export type UploadKind = 'image' | 'video' | 'document';

/** The one document type taken, and the most a document may weigh. */
export const DOCUMENT_CONTENT_TYPE = 'application/pdf';
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/** Upload-Metadata keys the server reads when an upload is created. */
export interface UploadMetadata {
  purpose: string;
  targetId: string;
  /** Shown and, for chat media, kept in the storage key after sanitising; never used as a path. */
  filename: string;
  /** The declared MIME type; the server checks the bytes against it when the upload ends. */
  filetype: string;
}

/** Files up to this size go in one request (spec §9: 256 * 1024). */
export const SINGLE_REQUEST_MAX_BYTES = 256 * 1024;
/** Larger files go in chunks that start at 256 KB and double while the doubled size stays below 32 MB. */
export const FIRST_CHUNK_BYTES = 256 * 1024;
export const CHUNK_LIMIT_BYTES = 32 * 1024 * 1024;
/** How long a failing upload keeps retrying with back-off before it reports an error. */
export const UPLOAD_MAX_RETRY_MS = 10 * 60 * 1000;

export const UPLOADS_ENDPOINT = createUpload.path;
export const fileUrl = (fileId: string) => buildPath(getFile, { fileId });

/** The target of a questionnaire image: the subscription and the question it answers. */
export const questionnaireImageTarget = (subscriptionId: string, formItemId: string) =>
  `${subscriptionId}/${formItemId}`;

/** The file id in a `/api/files/{id}` URL, or null when the URL is not one. */
export function fileIdFromUrl(url: string): string | null {
  const match = /^\/api\/files\/([A-Za-z0-9-]{1,100})$/.exec(url);
  return match ? match[1]! : null;
}
