import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { SIGNED_OUT_MARK } from '../src/lib/signed-out-mark';

type OutputBundle = Rollup.OutputBundle;

interface SignedOutPagesOptions {
  /** The landing route's module, relative to the app's root (`src/...`). */
  landingModule: string;
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

/**
 * Writes two variants of index.html that the server sends to visitors with no session cookie, who are signed out
 * for sure (apps/server `platform/http/web-pages.ts`): `signed-out.html` carries a mark that lets the app know the
 * sign-in state without asking the server, so public pages render at once; `landing.html`, for `/`, also preloads
 * the landing route's chunks and the hero poster, so that they download beside the entry script instead of after it.
 * index.html itself stays as it is: the customer entry of every other page (scripts/bench/bundle.mjs).
 */
export function signedOutPages({ landingModule, heroPoster }: SignedOutPagesOptions): Plugin {
  return {
    name: 'signed-out-pages',
    apply: 'build',
    writeBundle(output, bundle) {
      const outDir = output.dir ?? 'dist';
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('signed-out-pages: the build has no index.html');
      const html = String(index.source);
      const landing = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(`/${landingModule}`));
      if (!landing) throw new Error(`signed-out-pages: no chunk for ${landingModule}`);
      const preloads = [...staticClosure(bundle, landing.fileName)]
        .filter((file) => !html.includes(`/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      const mark = `<meta name="${SIGNED_OUT_MARK.name}" content="${SIGNED_OUT_MARK.content}" />`;
      const firstScript = html.indexOf('<script');
      const head = (extra: string) => `${html.slice(0, firstScript)}${extra}\n    ${html.slice(firstScript)}`;
      const signedOut = head(mark);
      const poster = `<link rel="preload" as="image" href="${heroPoster}" fetchpriority="high">`;
      const landingHtml = head(`${mark}\n    ${poster}`).replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`);
      writeFileSync(path.join(outDir, 'signed-out.html'), signedOut);
      writeFileSync(path.join(outDir, 'landing.html'), landingHtml);
    },
  };
}
