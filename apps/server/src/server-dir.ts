import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found from this file: it sits one level below it both as source
 * (src/server-dir.ts) and inside the compiled server (dist/main.js and the files beside it), so paths built on it hold in both.
 */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
