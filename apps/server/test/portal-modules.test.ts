import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { backgroundWork, portalModules } from '../src/app.ts';
import type { PortalModule } from '../src/platform/portal-module.ts';

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
});
