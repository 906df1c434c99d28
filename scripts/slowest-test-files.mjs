// A Vitest reporter that ends the run with its ten slowest test files: where to look first when the run grows long.
import path from 'node:path';

/** @typedef {import('vitest/node').TestModule} TestModule */

const COUNT = 10;

export default class SlowestTestFiles {
  /** @param {ReadonlyArray<TestModule>} modules */
  onTestRunEnd(modules) {
    const timed = modules.map((module) => {
      const d = module.diagnostic();
      // Importing the file and its setup count too: a file that builds an app in beforeAll pays for it there.
      const ms = d.duration + d.collectDuration + d.prepareDuration + d.setupDuration + d.environmentSetupDuration;
      return { file: `${module.project.name}: ${path.relative(process.cwd(), module.moduleId)}`, ms };
    });
    if (timed.length === 0) return;
    timed.sort((a, b) => b.ms - a.ms);
    const lines = timed.slice(0, COUNT).map(({ file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
    console.log(`\nSlowest ${Math.min(COUNT, timed.length)} test files:\n${lines.join('\n')}\n`);
  }
}
