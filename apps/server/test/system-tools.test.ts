import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
const check = (root: string) => {
  try {
    return { status: 0, output: execFileSync(process.execPath, [path.join(repo, 'scripts/check-system-tools.mjs'), root], { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (error) {
    const failed = error as { status: number; stderr: string };
    return { status: failed.status, output: failed.stderr };
  }
};

describe('the fresh-machine check of .ci/run', () => {
  it('passes on this repository: the tests call only Node.js and what the project installs', () => {
    expect(check(repo)).toMatchObject({ status: 0 });
  });

  it('fails, naming the file and line, when a test calls a system program nothing installs', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tools-'));
    mkdirSync(path.join(root, 'e2e'));
    // Written in pieces so that this file itself does not call them.
    const calls = ['const x = 1;', "execFileSync('/usr/bin/" + "ffmpeg', ['-y']);", 'spawnSync(' + "'convert', []);"];
    writeFileSync(path.join(root, 'e2e/helpers.ts'), calls.join('\n'));
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.output).toContain('e2e/helpers.ts:2 ffmpeg');
    expect(result.output).toContain('e2e/helpers.ts:3 convert');
  });
});
