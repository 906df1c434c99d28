import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `*.pg.test.ts` server tests need a PostgreSQL server (they end its connections, say): they run when
 * TEST_DATABASE_URL names one, as in CI's PostgreSQL leg, and are not collected at all on PGlite, so that no run
 * reports them skipped.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Server test files that ask what a fresh process has loaded, and so run each in a process of its own. */
const ALONE = ['test/platform.test.ts'];
const serverExclude = onPostgres ? configDefaults.exclude : [...configDefaults.exclude, '**/*.pg.test.ts'];
const server = {
  root: 'apps/server',
  include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  env: { LOG_LEVEL: 'silent' },
} as const;

export default defineConfig({
  test: {
    // Vitest's default leaves one core to itself, which on two cores runs the files one at a time; most of a server
    // test file's time is its own (importing the app, starting PGlite), so a worker per core halves the run.
    maxWorkers: Math.max(2, availableParallelism()),
    reporters: ['default', './scripts/slowest-test-files.mjs'],
    projects: [
      {
        test: {
          ...server,
          name: 'server',
          exclude: [...serverExclude, ...ALONE],
          // One process runs file after file: the app's modules are loaded and compiled once per worker instead of
          // once per file (a quarter of a file's time). Each file still builds its own app on its own database.
          isolate: false,
        },
      },
      {
        test: { ...server, name: 'server-alone', include: ALONE, exclude: serverExclude },
      },
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
