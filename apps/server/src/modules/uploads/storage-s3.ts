import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import type { UploadStorage } from './upload-storage.ts';

/**
 * An S3-compatible bucket (AWS, MinIO, R2, ...): for several instances, or for storage off the machine. The S3
 * client is imported here, on first use, so that a server storing files on disk never loads it.
 */
export async function s3Storage(config: Config): Promise<UploadStorage> {
  const { S3Store } = await import('@tus/s3-store');
  const bucket = config.S3_BUCKET!;
  /** The tus S3 store, with its client shared for the reads and moves the portal does itself. */
  class PortalS3Store extends S3Store {
    get s3() {
      return this.client;
    }

    /** tus's removal aborts the multipart upload and deletes the upload's objects, but leaves the bytes of a
     * part too small to send yet (`<id>.part`) in the bucket for ever. */
    override async remove(id: string) {
      await super.remove(id);
      await this.client.deleteObject({ Bucket: bucket, Key: `${id}.part` });
    }
  }
  const credentials =
    config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
      : undefined;
  const store = new PortalS3Store({
    s3ClientConfig: {
      bucket,
      region: config.S3_REGION,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
      ...(credentials ? { credentials } : {}),
      // Checksums only where S3 requires them: by default the SDK sends every streamed body aws-chunked with a
      // trailing checksum, which S3-compatible servers such as OpenStack Swift refuse, and tus streams each part.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
  const s3 = store.s3;
  // A multi-object delete carries the MD5 of its body, as S3 long required: servers that still require it (OpenStack
  // Swift) refuse the newer checksum header alone. Added before signing, so it is signed too.
  s3.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      if (context.commandName === 'DeleteObjectsCommand' && typeof request.body === 'string' && request.headers) {
        request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
      }
      return next(args);
    },
    { step: 'build', name: 'deleteObjectsContentMd5' },
  );
  const copySource = (key: string) => `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  return {
    tusStore: store,
    async readIncomingHead(tusId, length) {
      const object = await s3.getObject({ Bucket: bucket, Key: tusId, Range: `bytes=0-${length - 1}` });
      return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    },
    async promote(tusId, storageKey) {
      await s3.copyObject({ Bucket: bucket, Key: storageKey, CopySource: copySource(tusId) });
      await s3.deleteObjects({
        Bucket: bucket,
        Delete: { Objects: [{ Key: tusId }, { Key: `${tusId}.info` }] },
      });
    },
    async discard(tusId) {
      await store.remove(tusId).catch(() => undefined);
      const objects = [tusId, `${tusId}.info`, `${tusId}.part`].map((Key) => ({ Key }));
      await s3
        .deleteObjects({ Bucket: bucket, Delete: { Objects: objects } })
        .catch(() => undefined);
    },
    async size(storageKey) {
      const head = await s3.headObject({ Bucket: bucket, Key: storageKey }).catch(() => null);
      return head?.ContentLength ?? null;
    },
    async read(storageKey, range) {
      const object = await s3.getObject({
        Bucket: bucket,
        Key: storageKey,
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      });
      return object.Body as Readable;
    },
    async remove(storageKey) {
      await s3.deleteObject({ Bucket: bucket, Key: storageKey }).catch(() => undefined);
    },
    async storeFile(storageKey, localFile) {
      // One PUT of the whole body, its length known.
      await s3.putObject({ Bucket: bucket, Key: storageKey, Body: await readFile(localFile) });
    },
  };
}
