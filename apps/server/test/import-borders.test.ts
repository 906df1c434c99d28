import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import borders of `eslint.config.js` hold for every web feature and every server module there is: a probe file
 * placed inside each one that reaches into another is refused. A folder left out of the rule's list would pass.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const foldersIn = (dir: string) =>
  readdirSync(root + dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const eslint = new ESLint({ cwd: root });
const messagesOf = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath: root + filePath }))[0]!.messages.map((message) => message.message);

describe('import borders', () => {
  const features = foldersIn('apps/web/src/features');
  const modules = foldersIn('apps/server/src/modules');

  it('finds the folders it checks', () => {
    expect(features).toEqual(expect.arrayContaining(['account-security', 'billing', 'staff']));
    expect(modules).toEqual(expect.arrayContaining(['billing', 'content', 'support']));
  });

  it.each(features)('web feature %s never imports another feature', async (feature) => {
    const other = features.find((name) => name !== feature)!;
    const messages = await messagesOf(`apps/web/src/features/${feature}/border-probe.ts`, `export * from '@/features/${other}/api/probe';\n`);
    expect(messages).toContainEqual(expect.stringContaining('A feature never imports another feature.'));
  });

  it.each(modules)('server module %s reaches another module only through its index.ts', async (module) => {
    const other = modules.find((name) => name !== module)!;
    const inside = `apps/server/src/modules/${module}/border-probe.ts`;
    const innerFile = readdirSync(`${root}apps/server/src/modules/${other}`).find((name) => name.endsWith('.ts') && name !== 'index.ts');
    const refused = await messagesOf(inside, `export * from '../${other}/${innerFile}';\n`);
    expect(refused).toContainEqual(expect.stringContaining(`Module "${module}" may use another module only through its index.ts.`));
    const allowed = await messagesOf(inside, `export * from '../${other}/index.ts';\n`);
    expect(allowed.filter((message) => message.includes('index.ts'))).toEqual([]);
  });
});
