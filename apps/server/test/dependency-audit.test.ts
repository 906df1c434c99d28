import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');

/**
 * Runs scripts/audit.mjs with an `npm` on the PATH that answers `npm audit --json` with `runtime` for
 * `--omit=dev` and `all` otherwise, as the registry would.
 */
function auditWith(runtime: object, all: object = runtime) {
  const bin = mkdtempSync(path.join(tmpdir(), 'fake-npm-'));
  writeFileSync(path.join(bin, 'runtime.json'), JSON.stringify(runtime));
  writeFileSync(path.join(bin, 'all.json'), JSON.stringify(all));
  const npm = `#!/bin/sh\ncase "$*" in *--omit=dev*) cat "${bin}/runtime.json";; *) cat "${bin}/all.json";; esac\nexit 1\n`;
  writeFileSync(path.join(bin, 'npm'), npm);
  chmodSync(path.join(bin, 'npm'), 0o755);
  const run = spawnSync(process.execPath, [path.join(repo, 'scripts/audit.mjs')], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` },
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

const advisory = (name: string, severity: string) => ({
  name,
  severity,
  range: '<=1.2.3',
  via: [{ title: `${name} does something bad`, url: `https://example.com/${name}`, severity }],
});
const reportOf = (...vulnerabilities: ReturnType<typeof advisory>[]) => ({
  auditReportVersion: 2,
  vulnerabilities: Object.fromEntries(vulnerabilities.map((v) => [v.name, v])),
  metadata: {},
});

describe('the dependency audit of .ci/run', () => {
  it('skips, saying why, when the registry does not answer the audit endpoint', () => {
    const refused = { message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk', statusCode: 405, error: {} };
    const result = auditWith(refused);
    expect(result.status).toBe(0);
    expect(result.output).toContain('npm audit (runtime dependencies): skipped, the registry did not answer the audit endpoint (405 Method Not Allowed');
  });

  it('fails on a high advisory in a runtime dependency, naming the package and the advisory', () => {
    const result = auditWith(reportOf(advisory('fastify', 'high')), reportOf(advisory('fastify', 'high')));
    expect(result.status).toBe(1);
    expect(result.output).toContain('fastify <=1.2.3 (high): fastify does something bad https://example.com/fastify');
  });

  it('passes on moderate runtime advisories and high development ones, and fails on a critical development one', () => {
    const tolerated = auditWith(reportOf(advisory('pg', 'moderate')), reportOf(advisory('pg', 'moderate'), advisory('vite', 'high')));
    expect(tolerated.status).toBe(0);
    expect(tolerated.output).toContain('npm audit (runtime dependencies): no advisory at high or above');
    const critical = auditWith(reportOf(), reportOf(advisory('vite', 'critical')));
    expect(critical.status).toBe(1);
    expect(critical.output).toContain('vite <=1.2.3 (critical)');
  });
});
