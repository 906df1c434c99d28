import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Metadata } from '@tus/server';
import { z } from 'zod';
import type { UploadMetadata } from '@portal/contracts/uploads';
import { requireUser } from '../../platform/auth/session.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import { fileRoutes } from './files.ts';
import { findOwnUpload } from './repository.ts';
import { abandonUpload, beginUpload, finishUpload } from './service.ts';
import { callTus, createTusServer, sendTusAnswer } from './tus.ts';

const TUS_BODY = 'application/offset+octet-stream';
const uploadParams = z.object({ uploadId: z.string().min(1).max(100) });
const tusDocs = (summary: string) => ({ tags: ['uploads'], summary, security: [{ session: [] }] });

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
export async function uploadRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tus = createTusServer(app);
  // Upload bytes stream straight to storage: they are never buffered or size-limited as a JSON body would be.
  app.addContentTypeParser(TUS_BODY, (_request, payload, done) => done(null, payload));

  const ownUnfinished = async (userId: string, uploadId: string) => {
    const upload = await findOwnUpload(app.db, userId, uploadId);
    if (!upload) throw notFound('That upload was not found.');
    return upload;
  };
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

  app.post(
    '/api/uploads',
    {
      schema: tusDocs(
        'Starts a tus upload. Upload-Metadata: purpose, targetId, filename, filetype. Files up to 256 KiB may come in this request (creation-with-upload).',
      ),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const upload = await beginUpload(
        app,
        user,
        readMetadata(request.headers['upload-metadata']),
        request.headers['upload-length'] as string | undefined,
      );
      const answer = await callTus(tus, request, upload.id).catch(async (error: unknown) => {
        await abandonUpload(app, upload.id);
        throw error;
      });
      // A failed creation leaves nothing behind.
      if (answer.status >= 400) await abandonUpload(app, upload.id);
      return sendTusAnswer(reply, answer);
    },
  );

  app.head(
    '/api/uploads/:uploadId',
    { schema: { ...tusDocs('The offset of an upload (tus), to resume it'), params: uploadParams } },
    async (request, reply) => {
      const user = await requireUser(request);
      const upload = await ownUnfinished(user.id, request.params.uploadId);
      if (upload.completedAt) return alreadyFinished(reply, upload.size);
      const answer = await callTus(tus, request);
      const offset = answer.headers.get('upload-offset');
      // All bytes arrived but the server stopped before checking them: finish now rather than report success early.
      if (answer.status === 200 && offset !== null && offset === answer.headers.get('upload-length')) {
        const finished = await finishUpload(app, upload.id);
        return alreadyFinished(reply, finished.size);
      }
      return sendTusAnswer(reply, answer);
    },
  );

  app.patch(
    '/api/uploads/:uploadId',
    { schema: { ...tusDocs('Appends bytes at Upload-Offset (tus)'), params: uploadParams } },
    async (request, reply) => {
      const user = await requireUser(request);
      const upload = await ownUnfinished(user.id, request.params.uploadId);
      if (upload.completedAt) throw new AppError(409, 'UPLOAD_FINISHED', 'This upload is already finished.');
      if (request.headers['content-type'] !== TUS_BODY)
        throw new AppError(415, 'INVALID_CONTENT_TYPE', `Upload bytes must be sent as ${TUS_BODY}.`);
      return sendTusAnswer(reply, await callTus(tus, request));
    },
  );

  app.delete(
    '/api/uploads/:uploadId',
    { schema: { ...tusDocs('Cancels an unfinished upload (tus termination)'), params: uploadParams } },
    async (request, reply) => {
      const user = await requireUser(request);
      const upload = await ownUnfinished(user.id, request.params.uploadId);
      if (upload.completedAt)
        throw new AppError(409, 'UPLOAD_FINISHED', 'A finished upload cannot be cancelled.');
      const answer = await callTus(tus, request);
      if (answer.status === 204) await abandonUpload(app, upload.id);
      return sendTusAnswer(reply, answer);
    },
  );

  await app.register(fileRoutes);
}
