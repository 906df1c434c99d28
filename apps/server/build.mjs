// Compiles the server into one ES module, dist/main.js, so that a start runs plain JavaScript instead of compiling
// TypeScript at run time. Our own code (src/ and @portal/contracts) is bundled; packages stay in node_modules and
// load as they do under tsx. `npm run build` runs this; `npm start` runs it when dist/ is missing or stale.
import { build } from 'esbuild';
import path from 'node:path';

const here = import.meta.dirname;

/** Bare imports are packages, loaded from node_modules at run time; only the workspace's contracts are bundled. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [packagesStayExternal],
});
