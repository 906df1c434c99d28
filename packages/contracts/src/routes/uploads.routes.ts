import { z } from 'zod';
import { defineRoute, rawBody } from '../route.ts';

/**
 * tus resumable uploads (creation, creation-with-upload, offset, append, termination) and the finished files.
 * Their answers are tus's protocol answers or file bytes, not JSON; errors are the usual error body.
 */
const tags = ['uploads'];
const uploadParams = z.object({ uploadId: z.string().min(1).max(100) });

export const createUpload = defineRoute({
  method: 'POST',
  path: '/api/uploads',
  auth: 'user',
  tags,
  summary:
    'Starts a tus upload. Upload-Metadata: purpose, targetId, filename, filetype. Files up to 256 KiB may come in this request (creation-with-upload).',
  responses: { 201: rawBody },
});

export const getUploadOffset = defineRoute({
  method: 'HEAD',
  path: '/api/uploads/:uploadId',
  auth: 'user',
  tags,
  summary: 'The offset of an upload (tus), to resume it',
  params: uploadParams,
  responses: { 200: rawBody },
});

export const appendUpload = defineRoute({
  method: 'PATCH',
  path: '/api/uploads/:uploadId',
  auth: 'user',
  tags,
  summary: 'Appends bytes at Upload-Offset (tus)',
  params: uploadParams,
  responses: { 204: rawBody },
});

export const cancelUpload = defineRoute({
  method: 'DELETE',
  path: '/api/uploads/:uploadId',
  auth: 'user',
  tags,
  summary: 'Cancels an unfinished upload (tus termination)',
  params: uploadParams,
  responses: { 204: rawBody },
});

export const getFile = defineRoute({
  method: 'GET',
  path: '/api/files/:fileId',
  auth: 'user',
  tags,
  summary: 'A finished upload, to its owner, the people its purpose allows (e.g. chat participants) and staff',
  params: z.object({ fileId: z.string().min(1).max(100) }),
  query: z.object({ download: z.string().max(300).optional() }),
  responses: { 200: rawBody, 206: rawBody },
});

export const uploadRoutes = { createUpload, getUploadOffset, appendUpload, cancelUpload, getFile };
