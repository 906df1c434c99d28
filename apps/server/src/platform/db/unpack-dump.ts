import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const BLOCK = 512;

/** A NUL-terminated text field of a tar header. */
const field = (header: Buffer, start: number, length: number) => {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return bytes.subarray(0, end === -1 ? length : end).toString('utf8');
};
const octal = (header: Buffer, start: number, length: number) => parseInt(field(header, start, length).trim() || '0', 8);

/**
 * A path inside the archive as a path under `root`: PGlite writes them from its data directory's root ("/base/1/112").
 * One that would leave `root` is refused, whoever made the file.
 */
function placeOf(root: string, name: string): string {
  const relative = path.normalize(name.replace(/^\/+/, ''));
  if (relative === '.' || relative === '') return root;
  if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`The dump names a path outside its database: ${name}`);
  return path.join(root, relative);
}

/** Writes the files and folders of a tar archive (POSIX ustar, as PGlite's `dumpDataDir` makes it) under `root`. */
function unpackTar(archive: Buffer, root: string) {
  for (let offset = 0; offset + BLOCK <= archive.length; ) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const prefix = field(header, 345, 155);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const size = octal(header, 124, 12);
    const mode = octal(header, 100, 8) & 0o777;
    const type = String.fromCharCode(header[156] ?? 0);
    const place = placeOf(root, name);
    offset += BLOCK;
    if (type === '5') mkdirSync(place, { recursive: true, mode: mode || 0o700 });
    else if (type === '0' || type === '\0') {
      mkdirSync(path.dirname(place), { recursive: true });
      writeFileSync(place, archive.subarray(offset, offset + size), { mode: mode || 0o600 });
    } else throw new Error(`The dump holds an entry of a kind a database directory never has (${type}): ${name}`);
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
}

/**
 * Makes `dir` the database of a dump (a file's path or its bytes; gzipped or plain tar) written by PGlite's `dumpDataDir`, with Node's own
 * file calls: loading it through PGlite (`loadDataDir`) writes each file through its WebAssembly file system, several
 * times slower. The files go to a folder beside `dir`, renamed into place once all are written, so that a stop
 * halfway leaves no half database. `dir` must not hold anything yet.
 */
export function unpackDump(dump: string | Buffer, dir: string) {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} already holds a database; restore into a new data directory.`);
  const bytes = typeof dump === 'string' ? readFileSync(dump) : dump;
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const unpacking = `${dir}.unpacking-${process.pid}`;
  rmSync(unpacking, { recursive: true, force: true });
  try {
    mkdirSync(unpacking, { recursive: true, mode: 0o700 });
    unpackTar(gzipped ? gunzipSync(bytes) : bytes, unpacking);
    rmSync(dir, { recursive: true, force: true });
    renameSync(unpacking, dir);
  } finally {
    rmSync(unpacking, { recursive: true, force: true });
  }
}
