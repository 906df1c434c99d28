// Compiles the server into ES modules, dist/main.js, and the operator commands, dist/portal.js, with the files they
// share beside them, so that a start or a command runs plain JavaScript instead of compiling TypeScript at run time
// (and the production image needs no compiler); then writes the baseline a new embedded database starts from
// (dist/pglite-baseline.tar.gz). Our own code and most packages are bundled (decision 0077). `npm run build` runs
// this; `npm start` and `npm run portal` run it when dist/ is missing or stale.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import process from 'node:process';

const here = import.meta.dirname;

/**
 * Packages that stay in node_modules and load from there at run time. The rest of what the server imports is bundled:
 * a start then reads one file instead of hundreds of small ones in node_modules (what took most of its first second).
 * These stay outside because they read files of their own next to their code (PGlite's WebAssembly, pino's worker
 * transports, the API docs' assets, PDFKit's fonts), because one copy must serve both our code and another package
 * (React, rendered by React Email), or because they are loaded only when first needed and large (Square's SDK, the
 * Google stand-in, the S3 client, mail parsing).
 */
const stayInNodeModules = [
  '@electric-sql/pglite',
  'pino',
  'pino-pretty',
  'thread-stream',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pdfkit',
  'react',
  'react-dom',
  '@react-email/render',
  'square',
  'oidc-provider',
  '@aws-sdk/client-s3',
  '@tus/s3-store',
  'nodemailer',
  'mailparser',
  'file-type',
];
const hoisted = path.resolve(here, '../../node_modules');
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * A package on the list is left for Node to load only where Node would find the same copy from dist/: the one at the
 * top of node_modules. A package that brings its own nested version of it (smtp-server its own nodemailer) gets that
 * version bundled, as it would have loaded it.
 */
const chooseWhatStaysExternal = {
  name: 'choose-what-stays-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      if (args.pluginData === 'resolving' || !stayInNodeModules.includes(packageOf(args.path))) return undefined;
      const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'resolving' });
      const fromTheTop = found.path.startsWith(path.join(hoisted, packageOf(args.path)) + path.sep);
      return fromTheTop ? { path: args.path, external: true } : undefined;
    });
  },
};

await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    portal: path.join(here, 'src/cli/portal.ts'),
    'write-baseline': path.join(here, 'src/first-start/write-baseline.ts'),
  },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
  // A module that our code or a bundled package imports only when first needed becomes a file of its own, loaded then.
  splitting: true,
  // Beside main.js, as src/server-dir.ts expects of every compiled file.
  chunkNames: '[name]-[hash]',
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: { js: "import { createRequire as portalCreateRequire } from 'node:module'; const require = portalCreateRequire(import.meta.url);" },
  plugins: [chooseWhatStaysExternal],
});

// The database a new embedded data directory starts from (src/platform/db/baseline.ts), made by the code just built.
const baseline = spawnSync(process.execPath, [path.join(here, 'dist/write-baseline.js')], { cwd: here, stdio: 'inherit' });
if (baseline.status !== 0) process.exit(baseline.status ?? 1);
