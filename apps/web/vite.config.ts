import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { signedOutPages } from './build/signed-out-pages.ts';
import { HERO_POSTER } from './src/features/content/hero-media.ts';

const api = process.env.API_ORIGIN ?? 'http://localhost:3000';
const LANDING_SCRIPT = 'landing-page';
const fromRoot = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    signedOutPages({ prerenderModule: '/src/app/landing-page/prerender.tsx', landingScript: LANDING_SCRIPT, heroPoster: HERO_POSTER }),
    precompress(),
  ],
  resolve: { alias: { '@': fromRoot('./src') } },
  server: {
    port: 5173,
    proxy: { '/api': { target: api, changeOrigin: false }, '/oidc': api, '/media': api, '/square-sandbox': api },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      // The app, and the landing page's own small script (build/signed-out-pages.ts).
      input: { index: fromRoot('./index.html'), [LANDING_SCRIPT]: fromRoot('./src/app/landing-page/island.ts') },
      output: {
        // The libraries change less often than the app: their own chunks stay cached across releases, and no
        // chunk passes the 300 kB warning.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
