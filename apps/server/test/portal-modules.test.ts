import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UPLOAD_PURPOSE_NAMES } from '@portal/contracts/uploads';
import { backgroundWork, portalModules } from '../src/app.ts';
import { authMails } from '../src/platform/auth/mail-kinds.ts';
import { mailKindsOf, uploadPurposesOf, type PortalModule } from '../src/platform/portal-module.ts';

/** The app's one list of modules holds every module that declares one, and starts every piece of their work. */
const modulesDir = new URL('../src/modules/', import.meta.url);
const folders = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const isPortalModule = (value: unknown): value is PortalModule =>
  typeof value === 'object' && value !== null && 'name' in value && 'routes' in value && Array.isArray(value.routes);

describe('the list of modules', () => {
  it('registers every module whose index declares one, under its folder name', async () => {
    const declared: PortalModule[] = [];
    for (const folder of folders) {
      const exports: Record<string, unknown> = await import(new URL(`${folder}/index.ts`, modulesDir).href);
      for (const value of Object.values(exports)) if (isPortalModule(value)) declared.push(value);
    }
    expect(declared.map((module) => module.name).sort()).toEqual(folders.filter((folder) => folder !== 'audit').sort());
    expect([...portalModules].sort((a, b) => a.name.localeCompare(b.name))).toEqual(declared.sort((a, b) => a.name.localeCompare(b.name)));
  });

  it("starts every module's background work once", () => {
    const work = portalModules.flatMap((module) => module.work ?? []);
    expect(work.length).toBeGreaterThanOrEqual(10);
    for (const piece of work) expect(backgroundWork.filter((started) => started === piece)).toHaveLength(1);
  });

  it('declares every upload purpose the contract names, each in one module', () => {
    expect([...uploadPurposesOf(portalModules).keys()].sort()).toEqual([...UPLOAD_PURPOSE_NAMES].sort());
  });

  it('refuses a purpose or a mail kind that two modules declare', () => {
    const purpose = uploadPurposesOf(portalModules).get('chat-image')!;
    const first: PortalModule = { name: 'first', routes: [], uploadPurposes: { 'chat-image': purpose }, mails: { digest: {} } };
    const second: PortalModule = { name: 'second', routes: [], uploadPurposes: { 'chat-image': purpose }, mails: { digest: {} } };
    expect(() => uploadPurposesOf([first, second])).toThrow('The upload purpose "chat-image" is declared by both first and second.');
    expect(() => mailKindsOf([first, second], {})).toThrow('The mail kind "digest" is declared by both first and second.');
    expect(() => mailKindsOf(portalModules, authMails)).not.toThrow();
    expect(() => mailKindsOf(portalModules, { receipt: {} })).toThrow('The mail kind "receipt" is declared by both platform and notifications.');
  });
});

/**
 * The whole app goes only to what wires into Fastify: a module's route plugins, and the two builders that add hooks
 * or build the payment gateway from it. A service names what it uses (`Pick<FastifyInstance, 'db' | 'clock'>`), so
 * its signature says which of the app's parts it touches and a test can hand it just those.
 */
const WIRING = new Set(['createBilling', 'createTusServer']);
const isRoutePlugin = (name: string) => /Routes?(Plugin)?$/.test(name);

describe("the modules' services", () => {
  it('take the parts of the app they use, never the whole app', () => {
    const files = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(100);
    const wholeApp: string[] = [];
    for (const file of files) {
      readFileSync(new URL(file, modulesDir), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (!/\w+: FastifyInstance(?=[,)])/.test(line) || line.startsWith('import')) return;
          const name = /function (\w+)/.exec(line)?.[1] ?? '';
          if (!isRoutePlugin(name) && !WIRING.has(name)) wholeApp.push(`${file}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(wholeApp).toEqual([]);
  });
});
