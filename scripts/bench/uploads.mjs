// Upload throughput on loopback, next to a plain file copy on the same disk. A fresh portal (files under a
// temporary DATA_DIR) receives a 100 MB file through tus, as the browser sends it: chunks of 256 KiB doubling
// to 16 MiB. Budget: the chunked upload reaches at least a fifth of the speed of copying the file with streams,
// i.e. HTTP, tus and the session checks cost less than 5x a bare disk copy.
// Then the server's memory while it receives one 500 MB upload, generated as it is sent (as browsers send a large
// file: 16 MiB chunks): its RSS growth at the end and at the peak, sampled every 50 ms. The body is written to disk
// as it arrives, so the growth must not follow the size, nor even a chunk's: budget 16 MiB at the peak, less than
// one of the largest chunks held whole (and 500 MB if the file were buffered; +7 MB was measured before).
import { Buffer } from 'node:buffer';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { Upload } from 'tus-js-client';
import { figure } from './lib/figures.mjs';
import { signUp, startPortal } from './lib/portal.mjs';

const SIZE = 100 * 1024 * 1024;
const BUDGET_RATIO = 0.2;
const LARGE_SIZE = 500 * 1024 * 1024;
const LARGE_CHUNK = 16 * 1024 * 1024;
const BUDGET_LARGE_PEAK_MIB = 16;
const work = mkdtempSync(path.join(tmpdir(), 'portal-bench-uploads-'));
const dataDir = path.join(work, 'data');

const startBenchPortal = () =>
  startPortal({ dataDir, env: { DEMO_CONTENT: 'false', UPLOAD_MAX_IMAGE_BYTES: String(2 * LARGE_SIZE) } });

/**
 * Seconds to upload `bytes` (a Buffer, or a stream of `streamSize` bytes sent in `LARGE_CHUNK`s) as a profile
 * picture; `growChunks` follows the browser's doubling schedule.
 */
function upload(base, user, bytes, growChunks, streamSize) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const task = new Upload(bytes, {
      endpoint: `${base}/api/uploads`,
      headers: { cookie: user.cookie },
      ...(streamSize ? { uploadSize: streamSize } : {}),
      metadata: {
        purpose: 'profile-picture',
        targetId: user.userId,
        filename: 'bench.png',
        filetype: 'image/png',
      },
      chunkSize: streamSize ? LARGE_CHUNK : growChunks ? 256 * 1024 : Number.POSITIVE_INFINITY,
      retryDelays: null,
      storeFingerprintForResuming: false,
      onChunkComplete: (chunk) => {
        if (growChunks && chunk * 2 < 32 * 1024 * 1024)
          task.options.chunkSize = Math.max(task.options.chunkSize, chunk * 2);
      },
      onSuccess: () => resolve((performance.now() - started) / 1000),
      onError: reject,
    });
    task.start();
  });
}

async function timed(run) {
  const started = performance.now();
  await run();
  return (performance.now() - started) / 1000;
}

const mbps = (seconds) => SIZE / (1024 * 1024) / seconds;
const row = (name, seconds) =>
  console.log(`  ${name.padEnd(44)} ${mbps(seconds).toFixed(0).padStart(6)} MB/s  (${seconds.toFixed(2)} s)`);

/** `size` bytes: `head`, then `block` over and over, made as they are read (nothing of that size is kept). */
function generated(head, block, size) {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const piece = sent === 0 ? head : block.subarray(0, Math.min(block.length, size - sent));
      sent += piece.length;
      this.push(piece);
    },
  });
}

/** The server's RSS growth (MiB) over `run`, at its end and at its peak. */
async function memoryGrowth(portal, run) {
  const before = portal.rssBytes();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, portal.rssBytes())), 50);
  try {
    await run();
  } finally {
    clearInterval(sampler);
  }
  const after = portal.rssBytes();
  const mib = (bytes) => (bytes - before) / (1024 * 1024);
  return { end: mib(after), peak: mib(Math.max(peak, after)) };
}

let portal;
try {
  portal = await startBenchPortal();
  const user = await signUp(portal.base);
  // A PNG head (signature, IHDR, the start of IDAT), then incompressible bytes: the server accepts it as an image.
  const source = path.join(work, 'source.png');
  const head = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    Buffer.from('IHDR'),
    Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89, 0, 0, 0x40, 0]),
    Buffer.from('IDAT'),
  ]);
  const bytes = Buffer.concat([head, randomBytes(SIZE - head.length)]);
  writeFileSync(source, bytes);

  const best = async (run) => Math.min(await run(), await run(), await run());
  const copy = await best(() => timed(() => copyFile(source, path.join(work, 'copy.png'))));
  const streamCopy = await best(() =>
    timed(() => pipeline(createReadStream(source), createWriteStream(path.join(work, 'stream-copy.png')))),
  );
  const whole = await best(() => upload(portal.base, user, bytes, false));
  const chunked = await best(() => upload(portal.base, user, bytes, true));
  if (statSync(path.join(dataDir, 'uploads', 'profile_pictures', user.userId)).size !== SIZE)
    throw new Error('the stored file has the wrong size');

  console.log(`100 MB on ${work} (best of three):`);
  row('file copy (fs.copyFile)', copy);
  row('file copy (read and write streams)', streamCopy);
  row('upload, one request (tus)', whole);
  row('upload, 256 KiB..16 MiB chunks (as browsers)', chunked);
  const ratio = streamCopy / chunked;
  console.log(
    `  chunked upload / stream copy: ${(ratio * 100).toFixed(0)}% (budget: at least ${BUDGET_RATIO * 100}%)`,
  );
  let within = ratio >= BUDGET_RATIO;

  // The same PNG head, then the same 1 MiB of random bytes again and again, to 500 MB.
  rmSync(source);
  const large = await memoryGrowth(portal, () =>
    upload(portal.base, user, generated(head, randomBytes(1024 * 1024), LARGE_SIZE), false, LARGE_SIZE),
  );
  if (statSync(path.join(dataDir, 'uploads', 'profile_pictures', user.userId)).size !== LARGE_SIZE)
    throw new Error('the stored 500 MB file has the wrong size');
  figure('server memory growth, 500 MB upload, at the end', large.end, 'MiB');
  within =
    figure('server memory growth, 500 MB upload, at the peak', large.peak, 'MiB', {
      atMost: BUDGET_LARGE_PEAK_MIB,
    }) && within;
  process.exitCode = within ? 0 : 1;
} finally {
  await portal?.stop();
  rmSync(work, { recursive: true, force: true });
}
