// How the compiled server runs: `npm start`, the benches and the three-instance run all start it this way, and the
// Dockerfile sets the same environment.

/** The compiled server, from apps/server. */
export const SERVER_ENTRY = 'dist/main.js';

/**
 * glibc gives each thread that allocates a malloc arena of its own, up to eight per core, and what an arena once
 * held stays resident. The server's own threads (libuv's pool for files, zlib and crypto) allocate little: two
 * arenas serve them, and the idle server holds about 10 MB less (`npm run bench -- startup`). A value already in
 * the environment wins.
 */
export const serverEnvironment = (env = process.env) => ({ MALLOC_ARENA_MAX: '2', ...env });
