// CI's dependency audit (decision 0047): fails on a high or critical advisory in a package the production image
// runs, and on a critical one in a development tool; says so and passes when the registry does not answer npm's
// audit endpoint (a mirror may serve packages without it), since then there is nothing to judge.
import { spawnSync } from 'node:child_process';

const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'];

const checks = [
  { name: 'runtime dependencies', args: ['--omit=dev'], failsAt: 'high' },
  { name: 'all dependencies, development tools included', args: [], failsAt: 'critical' },
];

/** npm's JSON audit report, or the reason there is none. */
function audit(args) {
  const run = spawnSync('npm', ['audit', '--json', ...args], { encoding: 'utf8', timeout: 120_000 });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    return { unanswered: run.error?.message ?? (run.stderr.trim().split('\n').at(-1) || 'no report') };
  }
  // A failed request is reported as {message, statusCode, error}; an answer always carries the vulnerabilities map.
  if (!report.vulnerabilities) return { unanswered: report.message ?? report.error?.summary ?? 'no report' };
  return { report };
}

/** One line per vulnerable package at or above `level`: its severity, range and the advisories behind it. */
function findings(report, level) {
  const floor = SEVERITIES.indexOf(level);
  return Object.values(report.vulnerabilities)
    .filter((vulnerability) => SEVERITIES.indexOf(vulnerability.severity) >= floor)
    .map((vulnerability) => {
      const via = vulnerability.via.map((cause) => (typeof cause === 'string' ? `through ${cause}` : `${cause.title} ${cause.url}`));
      return `  ${vulnerability.name} ${vulnerability.range} (${vulnerability.severity}): ${via.join('; ')}`;
    });
}

let failed = false;
for (const check of checks) {
  const { report, unanswered } = audit(check.args);
  if (!report) {
    console.log(`npm audit (${check.name}): skipped, the registry did not answer the audit endpoint (${unanswered})`);
    continue;
  }
  const found = findings(report, check.failsAt);
  if (found.length === 0) {
    console.log(`npm audit (${check.name}): no advisory at ${check.failsAt} or above`);
    continue;
  }
  failed = true;
  console.error(`npm audit (${check.name}): ${found.length} package(s) with an advisory at ${check.failsAt} or above`);
  console.error(found.join('\n'));
}
process.exitCode = failed ? 1 : 0;
