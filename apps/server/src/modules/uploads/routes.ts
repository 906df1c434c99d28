import type { FastifyInstance, FastifyReply } from 'fastify';
import { Metadata } from '@tus/server';
import { uploadRoutes as route } from '@portal/contracts/routes';
import type { UploadMetadata } from '@portal/contracts/uploads';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { fileRoutes } from './files.ts';
import { abandonUpload, beginUpload, finishUpload, ownUpload } from './service.ts';
import { prepareUploadStorage } from './storage.ts';
import { callTus, createTusServer, sendTusAnswer } from './tus.ts';

const TUS_BODY = 'application/offset+octet-stream';

function readMetadata(header: string | string[] | undefined): Partial<UploadMetadata> {
  try {
    const parsed = Metadata.parse(typeof header === 'string' ? header : undefined);
    return Object.fromEntries(
      Object.entries(parsed).map(([k, v]) => [k, v ?? '']),
    ) as Partial<UploadMetadata>;
  } catch {
    throw badRequest('INVALID_METADATA', 'Upload-Metadata is not valid tus metadata.');
  }
}

/**
 * tus resumable uploads (creation, creation-with-upload, termination) at /api/uploads, and the finished files at
 * /api/files/{id}. Every request is checked here before tus sees it: the session, the upload's owner, the rules.
 */
export async function uploadRoutes(app: FastifyInstance) {
  await prepareUploadStorage(app.config);
  const tus = createTusServer(app);
  // Upload bytes stream straight to storage: they are never buffered or size-limited as a JSON body would be.
  app.addContentTypeParser(TUS_BODY, (_request, payload, done) => done(null, payload));

  const alreadyFinished = (reply: FastifyReply, size: number) =>
    reply
      .code(200)
      .headers({
        'tus-resumable': '1.0.0',
        'upload-offset': String(size),
        'upload-length': String(size),
        'cache-control': 'no-store',
      })
      .send();

  registerRoute(app, route.createUpload, async (request, reply) => {
    const upload = await beginUpload(
      app,
      request.user,
      readMetadata(request.headers['upload-metadata']),
      request.headers['upload-length'] as string | undefined,
    );
    const answer = await callTus(tus, request, { id: upload.id, creating: true }).catch(async (error: unknown) => {
      await abandonUpload(app, upload.id);
      throw error;
    });
    // A failed creation leaves nothing behind.
    if (answer.status >= 400) await abandonUpload(app, upload.id);
    return sendTusAnswer(reply, answer);
  });

  registerRoute(app, route.getUploadOffset, async (request, reply) => {
    const upload = await ownUpload(app.db, request.user.id, request.params.uploadId);
    if (upload.completedAt) return alreadyFinished(reply, upload.size);
    const answer = await callTus(tus, request, upload);
    const offset = answer.headers.get('upload-offset');
    // All bytes arrived but the server stopped before checking them: finish now rather than report success early.
    if (answer.status === 200 && offset !== null && offset === answer.headers.get('upload-length')) {
      const finished = await finishUpload(app, upload.id);
      return alreadyFinished(reply, finished.size);
    }
    return sendTusAnswer(reply, answer);
  });

  registerRoute(app, route.appendUpload, async (request, reply) => {
    const upload = await ownUpload(app.db, request.user.id, request.params.uploadId);
    if (upload.completedAt) throw new AppError(409, 'UPLOAD_FINISHED', 'This upload is already finished.');
    if (request.headers['content-type'] !== TUS_BODY)
      throw new AppError(415, 'INVALID_CONTENT_TYPE', `Upload bytes must be sent as ${TUS_BODY}.`);
    return sendTusAnswer(reply, await callTus(tus, request, upload));
  });

  registerRoute(app, route.cancelUpload, async (request, reply) => {
    const upload = await ownUpload(app.db, request.user.id, request.params.uploadId);
    if (upload.completedAt)
      throw new AppError(409, 'UPLOAD_FINISHED', 'A finished upload cannot be cancelled.');
    const answer = await callTus(tus, request, upload);
    if (answer.status === 204) await abandonUpload(app, upload.id);
    return sendTusAnswer(reply, answer);
  });

  await app.register(fileRoutes);
}
