import { statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestUser } from './helpers.ts';
import { createInstances, type Instances } from './instances-helpers.ts';
import { createUpload, fileBytes, headUpload, patchUpload } from './uploads-helpers.ts';

// Two instances on one database and one upload store, with no sticky sessions: any request of an upload may reach
// either. On PostgreSQL (TEST_DATABASE_URL) the upload lock is an advisory lock each instance takes through its own
// connection.
let portal: Instances;
let a: FastifyInstance;
let b: FastifyInstance;
let user: TestUser;
beforeAll(async () => {
  portal = await createInstances(2);
  [a, b] = portal.apps as [FastifyInstance, FastifyInstance];
  for (const app of portal.apps) await app.listen({ host: '127.0.0.1', port: 0 });
  user = await signUp(a);
});
afterAll(async () => portal.close());

const picture = () => ({ purpose: 'profile-picture', targetId: user.id, filetype: 'image/png', filename: 'me.png' });
const served = async (app: FastifyInstance, fileId: string) => (await app.inject({ url: `/api/files/${fileId}`, headers: { cookie: user.cookie } })).rawPayload;

async function startUpload(app: FastifyInstance, length: number) {
  const created = await createUpload(app, user.cookie, { ...picture(), length });
  expect(created.statusCode).toBe(201);
  const location = String(created.headers.location);
  return { location, fileId: location.split('/').pop()! };
}

describe('one upload across instances', () => {
  it('takes its chunks from the two instances in turn', async () => {
    const bytes = fileBytes('png', 512 * 1024);
    const { location, fileId } = await startUpload(a, bytes.length);
    const chunk = 128 * 1024;
    for (let offset = 0, i = 0; offset < bytes.length; offset += chunk, i += 1) {
      const app = i % 2 === 0 ? b : a;
      const res = await patchUpload(app, user.cookie, location, offset, bytes.subarray(offset, offset + chunk));
      expect(res.statusCode, res.body).toBe(204);
      expect(Number((await headUpload(i % 2 === 0 ? a : b, user.cookie, location)).headers['upload-offset'])).toBe(Math.min(offset + chunk, bytes.length));
    }
    expect((await served(a, fileId)).equals(bytes)).toBe(true);
    expect((await served(b, fileId)).equals(bytes)).toBe(true);
  });

  it('a retry on another instance takes the upload from a stalled request, which ends keeping what it wrote', async () => {
    const bytes = fileBytes('png', 600 * 1024);
    const sent = 200 * 1024;
    const { location, fileId } = await startUpload(a, bytes.length);
    // A PATCH to instance A sends a third of the file and stalls, as a connection that hangs mid-chunk does.
    const stalled = http.request({
      host: '127.0.0.1',
      port: (a.server.address() as AddressInfo).port,
      method: 'PATCH',
      path: location,
      headers: {
        cookie: user.cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    const stalledEnded = new Promise<string>((resolve) => {
      stalled.on('response', (res) => {
        res.resume();
        resolve(`answered ${res.statusCode}`);
      });
      stalled.on('error', () => resolve('connection closed'));
    });
    stalled.write(bytes.subarray(0, sent));
    const incoming = path.join(portal.ctx.config.dataDir, 'uploads', 'incoming', fileId);
    for (let i = 0; i < 200 && (statSync(incoming, { throwIfNoEntry: false })?.size ?? 0) < sent; i += 1) await sleep(25);
    expect(statSync(incoming).size).toBe(sent);

    try {
      // The client gives up on the stalled request and asks instance B where the upload stands: B takes the lock,
      // which ends A's request first, so no two requests ever write to the upload at once.
      const head = await headUpload(b, user.cookie, location);
      expect(head.statusCode).toBe(200);
      expect(head.headers['upload-offset']).toBe(String(sent));
      const ended = await Promise.race([stalledEnded, sleep(5000).then(() => 'still running')]);
      expect(ended).not.toBe('still running');

      const rest = await patchUpload(b, user.cookie, location, sent, bytes.subarray(sent));
      expect(rest.statusCode, rest.body).toBe(204);
      expect((await served(a, fileId)).equals(bytes)).toBe(true);
    } finally {
      stalled.destroy();
    }
  });
});
