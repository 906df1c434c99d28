import { randomInt, randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { CreateStaffInput, CreateStaffResult } from '@portal/contracts/staff';
import type { Db } from '../../platform/db/client.ts';
import { assertPasswordAllowed } from '../../platform/auth/password-policy.ts';
import * as repo from './repository.ts';
import { assertAdminRemains } from './last-admin.ts';

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
 * are hashed the way better-auth checks them at sign-in. The role is admin unless the operator names agent; the last
 * admin is never made an agent (decision 0058).
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
  const role = input.role ?? 'admin';
  await db.transaction(async (tx) => {
    if (existing) {
      assertAdminRemains(await repo.lockStaff(tx), existing.id, role);
      await repo.promoteToStaff(tx, existing.id, role, now);
      await repo.revokeSignIns(tx, existing.id);
    } else await repo.insertStaffUser(tx, { id: userId, name: input.name ?? email.split('@')[0]!, email, role, now });
    if (hash) await repo.setPasswordHash(tx, userId, hash, now);
  });
  return { userId, email, created: !existing, role, temporaryPassword: generated };
}
