// The multi-instance test: three portal instances on one fresh PostgreSQL database, behind a round-robin proxy with
// no stickiness, run browser journeys and concurrency checks (e2e/playwright.multi.config.ts). The instances share
// one DATA_DIR, as they would share a disk; with MULTI_STORAGE=s3 each has a DATA_DIR of its own and they share a
// bucket on a real S3-compatible server (scripts/s3-server.mjs). Usage: node scripts/multi-instance.mjs [playwright args]
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { findChromium } from './chromium.mjs';
import { runAsAdmin } from './postgres-admin.mjs';
import { startS3Server } from './s3-server.mjs';
import { SERVER_ENTRY, serverEnvironment } from './server-process.mjs';
import { startRoundRobinProxy } from './round-robin-proxy.mjs';

const port = Number(process.env.MULTI_PORT ?? 3400);
const instancePorts = [port + 1, port + 2, port + 3];
const adminUrl = process.env.CI_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const database = `portal_multi_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
const dataDir = `/tmp/portal-multi-${port}`;
const webDist = `/tmp/portal-web-${port}`;
const OPERATOR_TOKEN = 'e2e-operator-token-0123456789';
const onS3 = process.env.MULTI_STORAGE === 's3';
/** With a bucket, nothing is shared through the disk: each instance has its own folder. */
const dataDirOf = (instancePort) => (onS3 ? `${dataDir}/${instancePort}` : dataDir);
/** The S3_* settings of the bucket the instances share, when on S3. */
let s3Settings = {};

const admin = (sql) => runAsAdmin(adminUrl, sql);

async function waitReady(instancePort, child) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`instance on ${instancePort} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${instancePort}/readyz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance on ${instancePort} did not become ready`);
}

function startInstance(instancePort) {
  const log = openSync(`${dataDir}-${instancePort}.log`, 'w');
  return spawn('node', [SERVER_ENTRY], {
    cwd: 'apps/server',
    stdio: ['ignore', 'ignore', log],
    env: {
      ...serverEnvironment(),
      PORT: String(instancePort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      TRUST_PROXY: '1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDirOf(instancePort),
      ...s3Settings,
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'multi-instance-secret-0123456789-abcdef',
      AUTH_RATE_LIMIT_MAX: '1000',
      OPERATOR_TOKEN,
      ALLOW_CLOCK_CONTROL: 'true',
      // Every instance sweeps renewals and pending payments, often.
      RENEWAL_SWEEP_INTERVAL_MS: '300',
    },
  });
}

const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', webDist, '--emptyOutDir'], { stdio: 'inherit', cwd: 'apps/web', env: { ...process.env, FORCE_COLOR: '0' } });
if (build.status !== 0) process.exit(build.status ?? 1);
const serverBuild = spawnSync('node', ['build.mjs'], { stdio: 'inherit', cwd: 'apps/server' });
if (serverBuild.status !== 0) process.exit(serverBuild.status ?? 1);

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
await admin(`CREATE DATABASE "${database}"`);
const instances = [];
let stopProxy = async () => undefined;
let stopS3 = async () => undefined;
let status = 1;
try {
  if (onS3) {
    const s3 = await startS3Server();
    stopS3 = s3.stop;
    await s3.createBucket('portal-multi');
    s3Settings = { S3_BUCKET: 'portal-multi', S3_ENDPOINT: s3.endpoint, S3_REGION: s3.region, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey };
    console.log(`multi-instance: uploads in a bucket on ${s3.endpoint} (OpenStack Swift's S3 API)`);
  }
  for (const instancePort of instancePorts) mkdirSync(dataDirOf(instancePort), { recursive: true });
  // The first instance applies the migrations and imports the demo content; then the others join.
  instances.push(startInstance(instancePorts[0]));
  await waitReady(instancePorts[0], instances[0]);
  for (const instancePort of instancePorts.slice(1)) instances.push(startInstance(instancePort));
  await Promise.all(instancePorts.slice(1).map((p, i) => waitReady(p, instances[i + 1])));
  stopProxy = await startRoundRobinProxy(port, instancePorts);
  console.log(`multi-instance: proxy on ${port} -> ${instancePorts.join(', ')}, database ${database}`);
  // Not spawnSync: the proxy runs in this process and must keep serving while the tests run.
  const run = spawn('npx', ['playwright', 'test', '-c', 'e2e/playwright.multi.config.ts', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: findChromium(), MULTI_PORT: String(port), MULTI_INSTANCE_PORTS: instancePorts.join(','), E2E_OPERATOR_URL: `http://127.0.0.1:${instancePorts[0]}`, DATABASE_URL: databaseUrl },
  });
  status = await new Promise((resolve) => run.once('exit', (code) => resolve(code ?? 1)));
} catch (error) {
  console.error(String(error));
} finally {
  await stopProxy();
  for (const child of instances) child.kill('SIGTERM');
  await Promise.all(instances.map((child) => (child.exitCode !== null ? undefined : new Promise((r) => child.once('exit', r)))));
  await stopS3();
  if (status !== 0) {
    for (const instancePort of instancePorts) {
      const log = readFileSync(`${dataDir}-${instancePort}.log`, 'utf8').trim();
      if (log) console.error(`--- instance ${instancePort} log ---\n${log.slice(-4000)}`);
    }
  }
  await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch((e) => console.error(e.message));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
