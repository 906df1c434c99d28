// Compiles the server into one ES module, dist/main.js, and the operator commands into another, dist/portal.js, so
// that a start or a command runs plain JavaScript instead of compiling TypeScript at run time (and the production
// image needs no compiler). Our own code (src/ and @portal/contracts) is bundled; packages stay in node_modules and
// load as they do under tsx. `npm run build` runs this; `npm start` and `npm run portal` run it when dist/ is
// missing or stale.
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
  entryPoints: { main: path.join(here, 'src/main.ts'), portal: path.join(here, 'src/cli/portal.ts') },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [packagesStayExternal],
});
