import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { STAFF_ROLES, isStaffRole, type StaffRole } from '@portal/contracts/auth';
import {
  INVITATION_ERRORS,
  STAFF_INVITATION_HOURS,
  type AcceptInvitationInput,
  type InvitationInfo,
  type InviteStaffInput,
  type StaffMember,
  type StaffInvitation,
  type StaffTeam,
} from '@portal/contracts/staff';
import type { SessionUser } from '../../platform/auth/session.ts';
import { users } from '../../platform/auth/schema.ts';
import { assertPasswordAllowed } from '../../platform/auth/password-policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { sendStaffInvitation } from '../notifications/index.ts';
import { assertAdminRemains } from './last-admin.ts';
import * as repo from './repository.ts';
import { staffInvitations, type StaffInvitationRow } from './schema.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const actor = (user: { id: string; name: string }) => ({ id: user.id, name: user.name });
const linkError = (status: 404 | 410, code: keyof typeof INVITATION_ERRORS) => new AppError(status, code, INVITATION_ERRORS[code]);

const toInvitation = (row: StaffInvitationRow, customers: Set<string>): StaffInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedByName: row.invitedByName,
  createdTimestamp: row.createdAt.getTime(),
  expiresTimestamp: row.expiresAt.getTime(),
  customerAccount: customers.has(row.email),
});

/** Which of these addresses already have a customer's account. */
async function customerAddresses(db: Db, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.select({ email: users.email }).from(users).where(and(inArray(users.email, emails), eq(users.role, 'customer')));
  return new Set(rows.map((r) => r.email));
}

const openInvitation = (now: Date) => and(isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, now));

const toMember = (m: { id: string; name: string; email: string; role: string; createdAt: Date }): StaffMember => ({
  id: m.id,
  name: m.name,
  email: m.email,
  role: m.role as StaffRole,
  joinedTimestamp: m.createdAt.getTime(),
});

/** Staff members by name, and the invitations that still work, newest first. */
export async function listTeam(db: Db, now: Date): Promise<StaffTeam> {
  const members = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(inArray(users.role, STAFF_ROLES))
    .orderBy(asc(users.name), asc(users.id));
  const open = await db
    .select()
    .from(staffInvitations)
    .where(openInvitation(now))
    .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id));
  const customers = await customerAddresses(db, open.map((row) => row.email));
  return {
    members: members.map(toMember),
    invitations: open.map((row) => toInvitation(row, customers)),
  };
}

/** Mails a one-time link to the address, for the role named (agent unless said); an address that is staff already is refused. */
export async function inviteStaff(app: Pick<FastifyInstance, 'config' | 'db' | 'mail'>, staff: SessionUser, input: InviteStaffInput, now: Date): Promise<StaffInvitation> {
  const email = input.email.trim().toLowerCase();
  const role = input.role ?? 'agent';
  const existing = await repo.findUserByEmail(app.db, email);
  if (isStaffRole(existing?.role)) throw conflict('ALREADY_STAFF', `${email} is already a staff member.`);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + STAFF_INVITATION_HOURS * 3_600_000);
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffInvitations)
      .values({ id: randomUUID(), email, role, tokenHash: hashToken(token), invitedById: staff.id, invitedByName: staff.name, createdAt: now, expiresAt })
      .returning();
    const { tokenHash: _secret, ...recorded } = row!;
    await recordAudit(tx, { actor: actor(staff), action: 'staff.invite', entityType: 'staff-invitation', entityId: row!.id, customerId: null, before: null, after: recorded, now });
    await sendStaffInvitation(app, tx, { email, invitedByName: staff.name, token, expiresAt });
    return toInvitation(row!, new Set(existing ? [email] : []));
  });
}

/** Withdraws an open invitation: the row goes, so its link answers INVITATION_INVALID from now on. Audited. */
export async function revokeInvitation(db: Db, staff: SessionUser, invitationId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(staffInvitations).where(and(eq(staffInvitations.id, invitationId), openInvitation(now))).returning();
    if (!row) throw new AppError(404, 'INVITATION_NOT_OPEN', 'No open invitation has this id: it was used, has expired or was withdrawn.');
    const { tokenHash: _secret, ...recorded } = row;
    await recordAudit(tx, { actor: actor(staff), action: 'staff.invitation.revoke', entityType: 'staff-invitation', entityId: row.id, customerId: null, before: recorded, after: null, now });
  });
}

/** The invitation of a link, locked for the caller's transaction when one is given; refused when it no longer works. */
async function usableInvitation(db: Db, token: string, now: Date, lock: boolean): Promise<StaffInvitationRow> {
  const query = db.select().from(staffInvitations).where(eq(staffInvitations.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw linkError(404, 'INVITATION_INVALID');
  if (row.usedAt) throw linkError(410, 'INVITATION_USED');
  if (row.expiresAt.getTime() <= now.getTime()) throw linkError(410, 'INVITATION_EXPIRED');
  return row;
}

export async function checkInvitation(db: Db, token: string, now: Date): Promise<InvitationInfo> {
  const row = await usableInvitation(db, token, now, false);
  return { email: row.email, expiresTimestamp: row.expiresAt.getTime() };
}

/**
 * Uses a link, once: the address's account (made now, or the customer account it already has) becomes staff in the
 * invitation's role with this name and password, and its e-mail counts as verified (the link reached it). An existing account's sessions
 * and Google links end in the same transaction. Every other open invitation of the address is used up with it.
 */
export async function acceptInvitation(db: Db, input: AcceptInvitationInput, now: Date): Promise<{ email: string; userId: string }> {
  await usableInvitation(db, input.token, now, false);
  assertPasswordAllowed(input.password);
  const hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const invitation = await usableInvitation(tx, input.token, now, true);
    const existing = await repo.findUserByEmail(tx, invitation.email);
    const userId = existing?.id ?? randomUUID();
    // Whoever registered the address before the invitation reached it loses every way in: the link proves the
    // address, and the password set here becomes the only sign-in (decision 0048).
    if (existing) {
      await repo.promoteToStaff(tx, userId, invitation.role, now);
      await repo.revokeSignIns(tx, userId);
    } else await repo.insertStaffUser(tx, { id: userId, name: input.name, email: invitation.email, role: invitation.role, now });
    await tx.update(users).set({ name: input.name, emailVerified: true, updatedAt: now }).where(eq(users.id, userId));
    await repo.setPasswordHash(tx, userId, hash, now);
    await tx
      .update(staffInvitations)
      .set({ usedAt: now, usedById: userId })
      .where(and(eq(staffInvitations.email, invitation.email), isNull(staffInvitations.usedAt)));
    await recordAudit(tx, {
      actor: { id: userId, name: input.name },
      action: 'staff.join',
      entityType: 'user',
      entityId: userId,
      customerId: null,
      before: existing ? { role: existing.role } : null,
      after: { role: invitation.role, email: invitation.email, invitationId: invitation.id },
      now,
    });
    return { email: invitation.email, userId };
  });
}

/** The staff members locked for this change; the caller must still be an admin among them. */
async function lockTeamFor(tx: Db, staff: SessionUser) {
  const members = await repo.lockStaff(tx);
  if (!members.some((m) => m.id === staff.id && m.role === 'admin')) throw forbidden('Admins only.');
  return members;
}

/**
 * Takes staff rights away: never your own, never the last admin's. Every staff row is locked first, so two admins
 * removing each other at once cannot leave the console without an admin. The account stays, as a customer; the
 * session cache forgets it through the users trigger (decision 0032), so its sessions lose staff access at once.
 */
export async function removeStaff(db: Db, staff: SessionUser, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const members = await lockTeamFor(tx, staff);
    const target = members.find((m) => m.id === userId);
    if (!target) throw notFound('No staff member has this id.');
    assertAdminRemains(members, userId, 'customer');
    if (userId === staff.id) throw conflict('CANNOT_REMOVE_SELF', 'You cannot remove your own staff rights.');
    await tx.update(users).set({ role: 'customer', updatedAt: now }).where(eq(users.id, userId));
    await recordAudit(tx, {
      actor: actor(staff),
      action: 'staff.remove',
      entityType: 'user',
      entityId: userId,
      customerId: null,
      before: target,
      after: { ...target, role: 'customer' },
      now,
    });
  });
}

/**
 * Makes a member an agent or an admin, under the same lock as removal: the last admin is never made an agent (their
 * own demotion included, so the team always has someone who can manage it). Audited; the session cache forgets the
 * member through the users trigger, so the new rights hold from their next request.
 */
export async function changeStaffRole(db: Db, staff: SessionUser, userId: string, role: StaffRole, now: Date): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const members = await lockTeamFor(tx, staff);
    const target = members.find((m) => m.id === userId);
    if (!target) throw notFound('No staff member has this id.');
    assertAdminRemains(members, userId, role);
    const [row] = await tx
      .update(users)
      .set({ role, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt });
    if (target.role !== role) {
      await recordAudit(tx, {
        actor: actor(staff),
        action: 'staff.role.change',
        entityType: 'user',
        entityId: userId,
        customerId: null,
        before: target,
        after: { ...target, role },
        now,
      });
    }
    return toMember(row!);
  });
}
