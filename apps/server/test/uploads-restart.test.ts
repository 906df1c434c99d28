import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Upload } from 'tus-js-client';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/platform/db/client.ts';
import { signUp, testConfig } from './helpers.ts';
import { fileBytes } from './uploads-helpers.ts';

const SIZE = 50 * 1024 * 1024;
const RESTART_AFTER = 20 * 1024 * 1024;

const config = testConfig({ UPLOAD_MAX_IMAGE_BYTES: String(64 * 1024 * 1024) });
const schema = process.env.TEST_DATABASE_URL ? `test_${randomUUID().replace(/-/g, '')}` : undefined;
let database: Database | undefined;
let app: FastifyInstance | undefined;

afterAll(async () => {
  await app?.close();
  if (schema) await database?.sql.exec(`DROP SCHEMA "${schema}" CASCADE`);
  await database?.close();
  rmSync(config.dataDir, { recursive: true, force: true });
});

const start = async (port: number) => {
  const server = await buildApp({ config, database: database!, serveWeb: false, logger: false });
  await server.listen({ port, host: '127.0.0.1' });
  return server;
};

it('a 50 MB upload survives a server restart midway and completes without starting over', async () => {
  database = await openDatabase({ url: process.env.TEST_DATABASE_URL, schema });
  app = await start(0);
  const port = (app.server.address() as AddressInfo).port;
  const user = await signUp(app);
  const bytes = fileBytes('png', SIZE);

  const requests: Array<{ method: string; offset: number | null; afterRestart: boolean }> = [];
  let restarted = false;
  let restarting: Promise<void> | undefined;
  const restart = async () => {
    // A crash as far as the client can tell: open connections (the PATCH in flight) are cut, then a new process
    // (a new app on the same database and data directory) listens on the same port.
    app!.server.closeAllConnections();
    await app!.close();
    app = await start(port);
    restarted = true;
  };

  const fileId = await new Promise<string>((resolve, reject) => {
    const upload = new Upload(bytes, {
      endpoint: `http://127.0.0.1:${port}/api/uploads`,
      headers: { cookie: user.cookie },
      metadata: { purpose: 'profile-picture', targetId: user.id, filename: 'big.png', filetype: 'image/png' },
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [200, 500, 1000, 1000, 2000, 3000, 5000],
      storeFingerprintForResuming: false,
      onBeforeRequest: (req) => {
        const offset = req.getHeader('Upload-Offset');
        requests.push({
          method: req.getMethod(),
          offset: offset ? Number(offset) : null,
          afterRestart: restarted,
        });
      },
      onProgress: (sent) => {
        if (sent >= RESTART_AFTER && !restarting) restarting = restart();
      },
      onSuccess: () => resolve(upload.url!.split('/').pop()!),
      onError: reject,
    });
    upload.start();
  });

  expect(restarted).toBe(true);
  // One upload was created; after the restart the client asked where to resume and went on from there.
  expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  const resumed = requests.filter((r) => r.afterRestart && r.method === 'PATCH');
  expect(resumed.length).toBeGreaterThan(0);
  // The two chunks sent before the cut were kept, and so were the bytes of the third that had arrived.
  expect(resumed[0]!.offset).toBeGreaterThanOrEqual(16 * 1024 * 1024);
  expect(requests.some((r) => r.afterRestart && r.method === 'HEAD')).toBe(true);

  const stored = readFileSync(path.join(config.dataDir, 'uploads', 'profile_pictures', user.id));
  const digest = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  expect(stored.length).toBe(SIZE);
  expect(digest(stored)).toBe(digest(bytes));
  const file = await app!.inject({
    url: `/api/files/${fileId}`,
    headers: { cookie: user.cookie, range: 'bytes=0-7' },
  });
  expect(file.statusCode).toBe(206);
}, 120_000);
