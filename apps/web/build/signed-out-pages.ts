import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type Rollup } from 'vite';
import { SIGNED_OUT_MARK } from '../src/lib/signed-out-mark.ts';

type OutputBundle = Rollup.OutputBundle;

interface SignedOutPagesOptions {
  /** The module that renders the landing page to HTML (`renderLanding`), from the app's root. */
  prerenderModule: string;
  /** The rollup input name of the landing page's own script. */
  landingScript: string;
  /** The image the landing page shows largest on a phone's first screen. */
  heroPoster: string;
}

/** Every chunk a chunk imports statically, itself included. */
function staticClosure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, seen);
  return seen;
}

const escapeForRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/** A class as a stylesheet names it (`md:grid-cols-2` is `.md\:grid-cols-2`), found as a whole name. */
function classSelector(name: string): RegExp {
  const selector = `.${name.replace(/[^\w-]/g, (c) => `\\${c}`)}`;
  return new RegExp(`${escapeForRegExp(selector)}(?![\\w-])`);
}

/** The text of the build's stylesheets `files`, one after the other. */
function stylesheets(bundle: OutputBundle, files: string[]): string {
  return files
    .map((file) => {
      const asset = bundle[file];
      if (asset?.type !== 'asset') throw new Error(`signed-out-pages: no stylesheet ${file} in the build`);
      return String(asset.source);
    })
    .join('\n');
}

/**
 * The landing page's own stylesheet, written into it: on a phone's slow line a stylesheet of its own costs a round
 * trip before anything paints, while the page with its styles still comes in the first window of the connection.
 * Every class of the page that the app's stylesheet styles must be styled by the page's own as well.
 */
function landingStyles(bundle: OutputBundle, script: Rollup.OutputChunk, markup: string, appCss: string): string {
  const css = stylesheets(bundle, [...(script.viteMetadata?.importedCss ?? [])]);
  if (!css) throw new Error('signed-out-pages: the landing page script imports no stylesheet');
  if (css.includes('</style')) throw new Error('signed-out-pages: the landing page stylesheet cannot be written into a <style>');
  const classes = new Set([...markup.matchAll(/class="([^"]*)"/g)].flatMap((m) => (m[1] ?? '').split(/\s+/)).filter(Boolean));
  const unstyled = [...classes].filter((name) => classSelector(name).test(appCss) && !classSelector(name).test(css));
  if (unstyled.length) throw new Error(`signed-out-pages: the landing page stylesheet lacks ${unstyled.join(', ')}`);
  return `<style>${css}</style>`;
}

/** The landing page's HTML, rendered by the app's own components in a server-side Vite of the same config. */
async function prerender(configFile: string | undefined, root: string, module: string): Promise<string> {
  const vite = await createServer({
    configFile,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderLanding } = (await vite.ssrLoadModule(module)) as { renderLanding: () => string };
    return renderLanding();
  } finally {
    await vite.close();
  }
}

/**
 * Writes two pages beside index.html that the server sends to visitors with no session cookie, who are signed out
 * for sure (apps/server `platform/http/web-pages.ts`):
 * - `signed-out.html` is index.html with a mark that lets the app know the sign-in state without asking the
 *   server, so public pages render at once;
 * - `landing.html`, for `/`, is the landing page prerendered, with its own styles written in, the hero poster preloaded
 *   and the page's own small script instead of the app (docs/decisions/0042); its outside links are placeholders
 *   the server fills in.
 * index.html itself stays as it is: the customer entry of every other page (scripts/bench/bundle.mjs).
 */
export function signedOutPages({ prerenderModule, landingScript, heroPoster }: SignedOutPagesOptions): Plugin {
  let configFile: string | undefined;
  let root = '.';
  return {
    name: 'signed-out-pages',
    apply: 'build',
    configResolved(config) {
      configFile = config.configFile;
      root = config.root;
    },
    async writeBundle(output, bundle) {
      const outDir = output.dir ?? 'dist';
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('signed-out-pages: the build has no index.html');
      const html = String(index.source);
      const mark = `<meta name="${SIGNED_OUT_MARK.name}" content="${SIGNED_OUT_MARK.content}" />`;
      const firstScript = html.indexOf('<script');
      writeFileSync(path.join(outDir, 'signed-out.html'), `${html.slice(0, firstScript)}${mark}\n    ${html.slice(firstScript)}`);

      const script = Object.values(bundle).find((c): c is Rollup.OutputChunk => c.type === 'chunk' && c.isEntry && c.name === landingScript);
      if (!script) throw new Error(`signed-out-pages: no entry chunk named ${landingScript}`);
      const [own, ...imports] = [...staticClosure(bundle, script.fileName)];
      const head = [
        `<link rel="preload" as="image" href="${heroPoster}" fetchpriority="high">`,
        `<script type="module" crossorigin src="/${own}"></script>`,
        ...imports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ];
      const markup = await prerender(configFile, root, prerenderModule);
      const appCss = stylesheets(bundle, [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1] ?? ''));
      const withoutApp = html
        .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace(/\s*<link rel="stylesheet"[^>]*>/g, '');
      const landing = withoutApp
        .replace('</head>', `  ${[landingStyles(bundle, script, markup, appCss), ...head].join('\n    ')}\n  </head>`)
        .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
      if (!landing.includes(markup)) throw new Error('signed-out-pages: index.html has no empty <div id="root">');
      writeFileSync(path.join(outDir, 'landing.html'), landing);
    },
  };
}
