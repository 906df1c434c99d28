// Proves the test command needs nothing installed by hand: every program the tests, scripts and CI call is
// either Node's own toolchain or installed by the project's own scripts. Run at the start of `.ci/run`; a
// program missing from PROVIDED fails it with the file and line that calls it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Programs the test command may call, and what provides each. */
export const PROVIDED = {
  node: 'the Node.js the README requires',
  npm: 'ships with Node.js',
  npx: 'ships with Node.js',
  chromium: 'scripts/chromium.mjs (CHROMIUM_PATH, or Debian\'s package, installed when run as root)',
  'chromium-browser': 'scripts/chromium.mjs',
  'apt-get': 'scripts/chromium.mjs and scripts/s3-server.mjs install Debian packages with it, on Debian only',
  // The S3 upload tests' server: Debian's OpenStack Swift (its programs are swift-<name>) on Debian's Python.
  python3: "scripts/s3-server.mjs runs Debian's Swift packages on Debian's /usr/bin/python3, installed with them",
  'swift-': "scripts/s3-server.mjs (Debian's swift-proxy, swift-account, swift-container and swift-object, installed when run as root)",
  memcached: "scripts/s3-server.mjs (Debian's memcached, installed with Swift)",
};

/** Files that call system programs but are never run by `npm test` or `.ci/run`. */
export const NOT_RUN_BY_TESTS = {
  'scripts/media/render-videos.mjs': 'renders the committed site clips with ffmpeg, by hand, when the scenes change',
  'scripts/database-faults.mjs': "restarts a PostgreSQL cluster of its own, made with the machine's PostgreSQL server programs (initdb, pg_ctl) as the postgres user (runuser); run by hand",
};

const SCANNED = ['e2e', 'apps/server/test', 'apps/web/test', 'scripts', '.ci'];
const SOURCE = /\.(m?[jt]s|sh)$|^run$/;

const PATTERNS = [
  // An absolute program path in a string: '/usr/bin/ffmpeg', "/bin/sh".
  /['"`](?:\/usr)?(?:\/local)?\/s?bin\/([\w.+-]+)/g,
  // The program of spawn/execFile calls: spawnSync('ffmpeg', ...).
  /\b(?:spawn|spawnSync|execFile|execFileSync)\(\s*['"`]([^'"`\s/]+)['"`]/g,
  // The first word of a shell command: execSync('apt-get update && ...') (not a database's sql.exec).
  /(?<![.\w])(?:exec|execSync)\(\s*['"`]([\w.+-]+)/g,
];
// Every further command of a command string: `... && apt-get install`.
const CHAINED = /(?:&&|\|\||;)\s*(?:[A-Z_]+=\S+\s+)*([a-z][\w.+-]*)/g;
// The command of a shell script's line (after any VAR=value prefixes).
const SHELL_LINE = /^(?:[A-Z_]+=\S+\s+)*([a-z][\w.+-]*)/g;

const SELF = 'scripts/check-system-tools.mjs';

function* files(root, dir) {
  let entries;
  try {
    entries = readdirSync(path.join(root, dir));
  } catch {
    return;
  }
  for (const name of entries) {
    if (name === 'node_modules' || name === 'test-results' || name === 'dist') continue;
    const relative = path.join(dir, name);
    if (statSync(path.join(root, relative)).isDirectory()) yield* files(root, relative);
    else if (SOURCE.test(name)) yield relative;
  }
}

/** Every call of a program the project does not provide, as `file:line program`. */
export function unprovidedPrograms(root) {
  const found = [];
  for (const dir of SCANNED) {
    for (const file of files(root, dir)) {
      if (NOT_RUN_BY_TESTS[file] || file === SELF) continue;
      const isShellScript = file.startsWith('.ci/') || file.endsWith('.sh');
      let inQuotedArgument = false; // a multi-line "..." argument of a shell line (e.g. `node -e "..."`)
      readFileSync(path.join(root, file), 'utf8').split('\n').forEach((line, index) => {
        const patterns = [...PATTERNS];
        if (/(?<![.\w])exec(Sync)?\(/.test(line)) patterns.push(CHAINED);
        if (isShellScript && !inQuotedArgument && !line.startsWith('#')) patterns.push(SHELL_LINE, CHAINED);
        if (isShellScript) inQuotedArgument = inQuotedArgument !== ((line.replace(/\\"/g, '').match(/"/g)?.length ?? 0) % 2 === 1);
        for (const pattern of patterns) {
          for (const match of line.matchAll(pattern)) {
            const program = match[1];
            if (!(program in PROVIDED) && !SHELL_WORDS.has(program)) found.push(`${file}:${index + 1} ${program}`);
          }
        }
      });
    }
  }
  return found;
}

/** Shell keywords and builtins, which are no programs to install. */
const SHELL_WORDS = new Set(['cd', 'echo', 'set', 'export', 'exit', 'then', 'else', 'fi', 'do', 'done', 'true', 'false', 'test', 'DEBIAN_FRONTEND']);

if (import.meta.url === `file://${process.argv[1]}`) {
  // The repository this script is in, or another one to check (the test of this script uses that).
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..'));
  const missing = unprovidedPrograms(root);
  if (missing.length > 0) {
    console.error('The tests call programs that nothing in this project installs (a fresh machine would fail):');
    for (const line of missing) console.error(`  ${line}`);
    console.error('Make what they need in JavaScript, commit it, or install it from a script as scripts/chromium.mjs does (then list it in PROVIDED).');
    process.exit(1);
  }
  console.log('System programs: only Node.js and what the project installs itself.');
}
