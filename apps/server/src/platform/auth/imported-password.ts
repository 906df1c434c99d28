import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { verifyFirebaseScrypt, type FirebaseScryptParameters } from './firebase-scrypt.ts';
import { accounts } from './schema.ts';

/**
 * Passwords brought over from the original system's hosted sign-in (its modified scrypt, docs/decisions/0024).
 * The stored form keeps every parameter: `firebase-scrypt$memCost$rounds$saltSeparator$signerKey$salt$hash`.
 */
const PREFIX = 'firebase-scrypt$';

export function encodeImportedHash(p: FirebaseScryptParameters, salt: string, hash: string): string {
  return `${PREFIX}${[p.memCost, p.rounds, p.saltSeparator, p.signerKey, salt, hash].join('$')}`;
}

export const isImportedHash = (hash: string) => hash.startsWith(PREFIX);

async function verifyImported(stored: string, password: string): Promise<boolean> {
  const [memCost, rounds, saltSeparator, signerKey, salt, hash] = stored.slice(PREFIX.length).split('$');
  if (!memCost || !rounds || saltSeparator === undefined || !signerKey || !salt || !hash || !password) return false;
  const parameters = { memCost: Number(memCost), rounds: Number(rounds), saltSeparator, signerKey };
  return verifyFirebaseScrypt(password, salt, hash, parameters).catch(() => false);
}

/**
 * better-auth's `password.verify`: our own hashes as usual; an imported hash by its modified scrypt, and when it
 * matches it is replaced at once by our hash of the same password, so the old algorithm is used once per person.
 */
export function passwordVerifier(db: Db) {
  return async ({ hash, password }: { hash: string; password: string }): Promise<boolean> => {
    if (!isImportedHash(hash)) return verifyPassword({ hash, password });
    if (!(await verifyImported(hash, password))) return false;
    const ours = await hashPassword(password);
    await db
      .update(accounts)
      .set({ password: ours, updatedAt: new Date() })
      .where(and(eq(accounts.providerId, 'credential'), eq(accounts.password, hash)));
    return true;
  };
}
