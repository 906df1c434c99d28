import type { FastifyPluginAsync } from 'fastify';
import type { ActionItem } from '@portal/contracts/onboarding';
import type { Db } from './db/client.ts';
import type { BackgroundWork } from './jobs/start.ts';
import type { MailKind, MailKinds } from './mail/mailer.tsx';
import type { UploadPurpose, UploadPurposes } from './upload-purpose.ts';

/**
 * A feature module as the app wires it: what it serves, what it runs, the uploads it takes and the mails it sends.
 * Each module's `index.ts` declares one, and `app.ts` registers them from one list, so that a new route plugin,
 * sweep, upload purpose or mail is added in its own module only.
 */
export interface PortalModule {
  readonly name: string;
  /**
   * Its route plugins, registered on the root instance in this order; a plugin may decorate the instance (billing
   * does, with `app.billing`).
   */
  readonly routes: readonly FastifyPluginAsync[];
  /** Its background work (sweeps, first-start imports), started in this order by main.ts once the server is built. */
  readonly work?: readonly BackgroundWork[];
  /** What its uploads are for, by the `purpose` a client names (served by the uploads module). */
  readonly uploadPurposes?: UploadPurposes;
  /** The kinds of mail it queues: the mailer refuses a kind no module declares. */
  readonly mails?: MailKinds;
  /**
   * What it asks of the customer on the dashboard's Action Center, which onboarding serves: a module adds its own
   * items here rather than onboarding reaching into it.
   */
  readonly actions?: ActionSource;
}

/** The Action Center items one module has for a customer. */
export type ActionSource = (db: Db, userId: string) => Promise<ActionItem[]>;

/** Every module's Action Center items, in the order of the module list. */
export function actionSourcesOf(modules: readonly PortalModule[]): readonly ActionSource[] {
  return modules.flatMap((module) => (module.actions ? [module.actions] : []));
}

/** Every purpose the modules declare; two modules declaring the same name is a wiring mistake caught at start. */
export function uploadPurposesOf(modules: readonly PortalModule[]): ReadonlyMap<string, UploadPurpose> {
  return mergeDeclared(modules, 'upload purpose', (module) => module.uploadPurposes);
}

/** Every kind of mail the modules declare, with the platform's own (sign-in and security mail). */
export function mailKindsOf(modules: readonly PortalModule[], platform: MailKinds): ReadonlyMap<string, MailKind> {
  return mergeDeclared([{ name: 'platform', routes: [], mails: platform }, ...modules], 'mail kind', (module) => module.mails);
}

function mergeDeclared<T>(modules: readonly PortalModule[], what: string, declared: (module: PortalModule) => Readonly<Partial<Record<string, T>>> | undefined) {
  const merged = new Map<string, T>();
  const owner = new Map<string, string>();
  for (const module of modules) {
    for (const [name, value] of Object.entries(declared(module) ?? {})) {
      if (value === undefined) continue;
      if (owner.has(name)) throw new Error(`The ${what} "${name}" is declared by both ${owner.get(name)} and ${module.name}.`);
      owner.set(name, module.name);
      merged.set(name, value);
    }
  }
  return merged;
}
