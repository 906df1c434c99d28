import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@tus/server';
import { UPLOADS_ENDPOINT } from '@portal/contracts/uploads';
import { AppError } from '../../platform/http/errors.ts';
import { finishUpload, isUploadId, sizeCap } from './service.ts';
import { incomingId, uploadStorage } from './storage.ts';
import { uploadLocker } from './upload-locks.ts';

const uploadIdOf = (tusId: string) => tusId.replace(/^incoming\//, '');

/** The upload id a checked creation request may use; tus asks for it through its naming function. */
export const idForCreation = new WeakMap<Request, string>();

/**
 * The tus protocol engine. The Fastify routes in front of it check the session, ownership and the upload rules;
 * tus then handles offsets, chunks and resumption against the data store. An upload's URL is
 * `/api/uploads/{uploadId}`; its unfinished bytes live under `incoming/{uploadId}` in the store.
 */
export function createTusServer(app: FastifyInstance): Server {
  // Any instance may take any request of any upload: the lock lives in the database (decision 0015).
  const locker = uploadLocker(app.database, app.log);
  app.addHook('onClose', async () => locker.close?.());
  return new Server({
    path: UPLOADS_ENDPOINT,
    datastore: uploadStorage(app.config).tusStore,
    locker,
    maxSize: Math.max(sizeCap(app.config, 'image'), sizeCap(app.config, 'video')),
    relativeLocation: true,
    disableTerminationForFinishedUploads: true,
    namingFunction: (req) => {
      const id = idForCreation.get(req);
      if (!id) throw { status_code: 400, body: 'Uploads are created through the checked route only.' };
      return incomingId(id);
    },
    generateUrl: (_req, { path, id }) => `${path}/${uploadIdOf(id)}`,
    getFileIdFromRequest: (_req, lastPath) => (lastPath ? incomingId(lastPath) : undefined),
    onUploadFinish: async (_req, upload) => {
      try {
        await finishUpload(app, uploadIdOf(upload.id));
        return {};
      } catch (error) {
        if (error instanceof AppError)
          throw { status_code: error.statusCode, body: errorJson(error.code, error.message) };
        throw error;
      }
    },
  });
}

const errorJson = (code: string, message: string) => JSON.stringify({ error: { code, message } });

export interface TusAnswer {
  status: number;
  headers: Headers;
  body: string;
}

/**
 * The address tus is handed, rebuilt from a checked upload id. Never the client's: tus takes the upload id from the
 * last segment of the whole URL, query included, and decodes it, so `/api/uploads/{mine}?x=/{theirs}` would act on
 * another user's upload and an encoded `..` on a file outside `incoming/`.
 */
function tusUrl(upload: { id: string; creating?: boolean }): URL {
  if (!isUploadId(upload.id)) throw new Error(`Not an upload id: ${JSON.stringify(upload.id)}.`);
  return new URL(upload.creating ? UPLOADS_ENDPOINT : `${UPLOADS_ENDPOINT}/${upload.id}`, 'http://portal.internal');
}

/**
 * Hands a Fastify request to tus as a web Request for the upload the route checked (its owner's, or a new one being
 * created under that id) and returns tus's answer (not yet sent).
 */
export async function callTus(
  tus: Server,
  request: FastifyRequest,
  upload: { id: string; creating?: boolean },
): Promise<TusAnswer> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && name !== 'connection')
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const body =
    request.body instanceof Readable ? (Readable.toWeb(request.body) as ReadableStream) : undefined;
  const webRequest = new Request(tusUrl(upload), {
    method: request.method,
    headers,
    body,
    duplex: 'half',
  } as RequestInit);
  if (upload.creating) idForCreation.set(webRequest, upload.id);
  const response = await tus.handleWeb(webRequest);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** Sends tus's answer; its errors in the API's error shape. */
export function sendTusAnswer(reply: FastifyReply, answer: TusAnswer) {
  reply.code(answer.status);
  answer.headers.forEach((value, name) => {
    // Same origin only: tus's CORS headers are not wanted, and Fastify sets the length itself.
    if (!name.startsWith('access-control-') && name !== 'content-length' && name !== 'connection')
      reply.header(name, value);
  });
  if (answer.status < 400) return reply.send(answer.body || undefined);
  const body = answer.body.startsWith('{')
    ? answer.body
    : errorJson('UPLOAD_FAILED', answer.body.trim() || 'The upload failed.');
  return reply.type('application/json').send(body);
}
