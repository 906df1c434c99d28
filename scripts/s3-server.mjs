// A real S3-compatible server on loopback for the upload tests: OpenStack Swift (Debian's packages) with its S3 API
// (the s3api middleware: multipart uploads with ListParts and AbortMultipartUpload, which @tus/s3-store needs and
// s3rver lacks; decision 0016). One account, container and object server and a proxy, all in a temporary folder,
// with their own rings and swift.conf: nothing under /etc is read or written.
//
//   node scripts/s3-server.mjs          starts one with a bucket (S3_BUCKET, or "portal"), prints the S3_* settings
//                                       as JSON, stops on SIGINT/SIGTERM
//   node scripts/s3-server.mjs install  installs Debian's Swift packages when missing (as root), then exits
import { execFileSync, execSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Swift's S3 API keeps its signing state in memcached: it refuses a request without one.
const PACKAGES = ['swift-proxy', 'swift-account', 'swift-container', 'swift-object', 'memcached'];
const SERVERS = ['account', 'container', 'object'];
// Debian's Swift runs on Debian's Python, whatever python3 comes first on the PATH.
const PYTHON = '/usr/bin/python3';
const bin = (name) => `/usr/bin/swift-${name}`;
const MEMCACHED = '/usr/bin/memcached';

/** What to do when Swift is missing and cannot be installed here. */
export const SWIFT_MISSING = `The S3 upload tests need OpenStack Swift: on Debian, \`sudo apt-get install ${PACKAGES.join(' ')}\` (as root, \`npm test\` installs them itself).`;

export const S3_ACCOUNT = { accessKeyId: 'portal:portal', secretAccessKey: 'portal-s3-secret', region: 'us-east-1' };

/** Installs Swift from Debian when it is missing; true when it is there afterwards. */
export function ensureSwift() {
  const installed = () => existsSync(bin('proxy-server')) && existsSync(MEMCACHED);
  if (installed()) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/etc/debian_version')) {
    console.log("No S3 server found: installing Debian's OpenStack Swift packages...");
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${PACKAGES.join(' ')}`,
      { stdio: 'inherit' },
    );
  }
  return installed();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const serverConf = (dir, kind, port) => `[DEFAULT]
bind_ip = 127.0.0.1
bind_port = ${port}
workers = 0
devices = ${path.join(dir, 'devices')}
mount_check = false
swift_dir = ${dir}
log_level = WARNING

[pipeline:main]
pipeline = ${kind}-server

[app:${kind}-server]
use = egg:swift#${kind}
`;

/** Filters of the proxy's pipeline used with their defaults. */
const PLAIN_FILTERS = ['catch_errors', 'gatekeeper', 'healthcheck', 'proxy-logging', 'copy', 'slo', 'dlo'];

// s3api before tempauth (which checks the S3 signatures), slo after it (S3 multipart uploads are Swift SLOs).
const proxyConf = (dir, port, memcachePort) => `[DEFAULT]
bind_ip = 127.0.0.1
bind_port = ${port}
workers = 0
swift_dir = ${dir}
log_level = WARNING

[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache s3api tempauth copy slo dlo proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
allow_account_management = true

[filter:s3api]
use = egg:swift#s3api
location = ${S3_ACCOUNT.region}

[filter:tempauth]
use = egg:swift#tempauth
user_portal_portal = ${S3_ACCOUNT.secretAccessKey} .admin

[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:${memcachePort}

${PLAIN_FILTERS.map((name) => `[filter:${name}]\nuse = egg:swift#${name.replace('-', '_')}\n`).join('\n')}`;

const answers = (url) =>
  fetch(url).then(
    () => true,
    () => false,
  );

/** Waits until every server answers HTTP at its port (the proxy at /healthcheck with a 200). */
async function waitForServers(urls, children, deadline) {
  for (;;) {
    const exited = children.find((child) => child.exitCode !== null);
    if (exited) throw new Error(`a Swift server exited with ${exited.exitCode}: ${exited.output}`);
    const ok = (await Promise.all(urls.map(answers))).every(Boolean);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`Swift did not answer in time: ${children.map((c) => c.output).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts Swift with its S3 API on a free loopback port. Returns the settings an S3 client needs and stop(), which
 * ends every server and removes the folder.
 */
export async function startS3Server() {
  if (!ensureSwift()) {
    throw new Error(SWIFT_MISSING);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-swift-'));
  mkdirSync(path.join(dir, 'devices', 'd1'), { recursive: true });
  writeFileSync(
    path.join(dir, 'swift.conf'),
    '[swift-hash]\nswift_hash_path_suffix = portal-test\nswift_hash_path_prefix = portal-test\n\n[storage-policy:0]\nname = Policy-0\ndefault = yes\n',
  );
  const ports = {};
  for (const kind of SERVERS) {
    ports[kind] = await freePort();
    const builder = path.join(dir, `${kind}.builder`);
    const ring = (...args) => execFileSync(PYTHON, [bin('ring-builder'), builder, ...args], { stdio: 'pipe' });
    ring('create', '6', '1', '1');
    ring('add', `r1z1-127.0.0.1:${ports[kind]}/d1`, '1');
    // rebalance exits 1 with a warning on a one-device ring; the ring is written all the same.
    try {
      ring('rebalance');
    } catch (error) {
      if (!existsSync(path.join(dir, `${kind}.ring.gz`))) throw error;
    }
    writeFileSync(path.join(dir, `${kind}-server.conf`), serverConf(dir, kind, ports[kind]));
  }
  const proxyPort = await freePort();
  const memcachePort = await freePort();
  writeFileSync(path.join(dir, 'proxy-server.conf'), proxyConf(dir, proxyPort, memcachePort));

  const commands = [
    [MEMCACHED, ['-l', '127.0.0.1', '-p', String(memcachePort), '-U', '0', '-m', '16', '-u', 'nobody']],
    ...[...SERVERS.map((kind) => `${kind}-server`), 'proxy-server'].map((name) => [PYTHON, [bin(name), path.join(dir, `${name}.conf`)]]),
  ];
  const children = commands.map(([command, args]) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.output = '';
    const keep = (chunk) => {
      child.output = (child.output + chunk).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    return child;
  });
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  const endpoint = `http://127.0.0.1:${proxyPort}`;
  try {
    const urls = [`${endpoint}/healthcheck`, ...SERVERS.map((kind) => `http://127.0.0.1:${ports[kind]}/`)];
    await waitForServers(urls, children, Date.now() + 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, ...S3_ACCOUNT, createBucket: (name) => createBucket(endpoint, name), stop };
}

/** Makes a bucket (a Swift container) through Swift's own API, signed in with the account's key. */
async function createBucket(endpoint, name) {
  const auth = await fetch(`${endpoint}/auth/v1.0`, {
    headers: { 'x-auth-user': S3_ACCOUNT.accessKeyId, 'x-auth-key': S3_ACCOUNT.secretAccessKey },
  });
  const storageUrl = auth.headers.get('x-storage-url');
  const token = auth.headers.get('x-auth-token');
  if (!auth.ok || !storageUrl || !token) throw new Error(`Swift refused the sign-in: ${auth.status}`);
  const created = await fetch(`${storageUrl}/${encodeURIComponent(name)}`, { method: 'PUT', headers: { 'x-auth-token': token } });
  if (!created.ok) throw new Error(`Swift refused the bucket ${name}: ${created.status}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === 'install') {
    process.exit(ensureSwift() ? 0 : 1);
  }
  const server = await startS3Server();
  const bucket = process.env.S3_BUCKET ?? 'portal';
  await server.createBucket(bucket);
  console.log(JSON.stringify({ S3_BUCKET: bucket, S3_ENDPOINT: server.endpoint, S3_REGION: server.region, S3_ACCESS_KEY_ID: server.accessKeyId, S3_SECRET_ACCESS_KEY: server.secretAccessKey }));
  const end = () => server.stop().then(() => process.exit(0));
  process.on('SIGINT', end);
  process.on('SIGTERM', end);
}
