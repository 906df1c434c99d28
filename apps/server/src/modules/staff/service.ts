import { randomInt, randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { CreateStaffInput, CreateStaffResult } from '@portal/contracts/staff';
import type { Db } from '../../platform/db/client.ts';
import { assertPasswordAllowed } from '../../platform/auth/password-policy.ts';
import * as repo from './repository.ts';

/** A readable generated password: 18 characters from an alphabet without look-alikes. */
function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 18 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/**
 * Makes the person with this e-mail staff. A new account gets the given password or a generated one (returned
 * once). An existing account is signed out everywhere and loses its Google links in the promoting transaction
 * (decision 0048); it keeps its password only when it has one and has verified its address (otherwise whoever
 * registered the address first would hold a staff password): else it gets the given or a generated one. Passwords
 * are hashed the way better-auth checks them at sign-in.
 */
export async function createOrPromoteStaff(db: Db, input: CreateStaffInput, now: Date): Promise<CreateStaffResult> {
  const email = input.email.toLowerCase();
  const existing = await repo.findUserByEmail(db, email);
  if (input.password !== undefined) assertPasswordAllowed(input.password);
  const keepsPassword = existing !== undefined && existing.emailVerified && (await repo.hasPassword(db, existing.id));
  const generated = !input.password && !keepsPassword ? generatePassword() : null;
  const password = input.password ?? generated;
  const hash = password ? await hashPassword(password) : null;
  const userId = existing?.id ?? randomUUID();
  await db.transaction(async (tx) => {
    if (existing) {
      await repo.promoteToStaff(tx, existing.id, now);
      await repo.revokeSignIns(tx, existing.id);
    } else await repo.insertStaffUser(tx, { id: userId, name: input.name ?? email.split('@')[0]!, email, now });
    if (hash) await repo.setPasswordHash(tx, userId, hash, now);
  });
  return { userId, email, created: !existing, temporaryPassword: generated };
}
