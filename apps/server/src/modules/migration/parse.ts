import type { z } from 'zod';
import { isObject, type FileRef, type ParseContext, type ParsedUser, type Refusal } from './context.ts';
import { parseCards, parsePayments } from './parse/billing.ts';
import { parseChats } from './parse/chats.ts';
import { fileReader } from './parse/files.ts';
import { parseDeletionRequests, parseUsers } from './parse/people.ts';
import { parseProjects } from './parse/projects.ts';
import { parseSubscriptions, subscriptionOfUser } from './parse/subscriptions.ts';

/**
 * Reads the original system's exports (spec §3 paths; docs/decisions/0023) into the rows the portal stores, one
 * record kind per file of `parse/`. Every record that cannot be taken is listed with its path and reason; nothing
 * here touches the database or files.
 */

export {
  MIGRATED,
  stableId,
  type Collection,
  type FileRef,
  type ParsedUser,
  type Refusal,
} from './context.ts';
export { storagePathOf } from './parse/files.ts';

export function parseMigration(input: { database: unknown; auth?: unknown; hashConfig?: unknown }) {
  const refused: Refusal[] = [];
  const refuse = (path: string, reason: string) => refused.push({ path, reason });
  const files = new Map<string, FileRef>();
  const database = isObject(input.database) ? input.database : {};
  if (!isObject(input.database)) refuse('(database)', 'expected a JSON object of the realtime database');

  const root = (name: string): Record<string, unknown> => {
    const value = database[name];
    if (value === undefined || value === null) return {};
    if (!isObject(value)) {
      refuse(name, 'expected an object keyed by id');
      return {};
    }
    return value;
  };
  const nested: ParseContext['nested'] = (name, kind) =>
    Object.entries(root(name)).flatMap(([uid, byKey]) => {
      if (isObject(byKey))
        return Object.entries(byKey).map(([key, value]) => ({
          uid,
          key,
          path: `${name}/${uid}/${key}`,
          value,
        }));
      refuse(`${name}/${uid}`, `expected an object keyed by ${kind} id`);
      return [];
    });
  const read = <T extends z.ZodTypeAny>(schema: T, value: unknown, path: string): z.output<T> | null => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const issue = result.error.issues[0]!;
    refuse([path, ...issue.path].join('/'), issue.message);
    return null;
  };

  const { users, uids } = parseUsers({ refuse, read, root }, input);
  const ownerOf = (uid: string, path: string): ParsedUser | null => {
    const user = users.get(uid);
    if (!user)
      refuse(path, uids.has(uid) ? `its user "${uid}" was refused` : `no user "${uid}" in the export`);
    return user ?? null;
  };
  const context: ParseContext = { refuse, root, nested, read, ownerOf, fileOf: fileReader(files, refuse) };

  for (const user of users.values()) {
    user.image = context.fileOf(user.image, {
      ownerUid: user.uid,
      purpose: 'profile-picture',
      targetId: user.id,
      referencedBy: user.path,
    });
  }
  const cards = parseCards(context);
  const { subscriptions, forms, steps } = parseSubscriptions(context, new Set(cards.map((c) => c.id)));
  const subscriptionOf = subscriptionOfUser(context, subscriptions);
  const payments = parsePayments(context, subscriptionOf);
  const chats = parseChats(context);
  const projects = parseProjects(context, subscriptionOf);
  const deletionRequests = parseDeletionRequests(context);

  return {
    users,
    cards,
    subscriptions,
    forms,
    steps,
    payments,
    chats,
    projects,
    deletionRequests,
    files,
    refused,
  };
}

export type ParsedMigration = ReturnType<typeof parseMigration>;
