import { and, eq, inArray, sql } from 'drizzle-orm';
import { accounts, users } from '../../../platform/auth/schema.ts';
import type { Db } from '../../../platform/db/client.ts';
import { upsertInto } from '../../../platform/db/upsert.ts';
import { upsertDeletionRequests } from '../../account/index.ts';
import type { ParsedUser, Refusal, WriteContext } from '../context.ts';
import type { ParsedMigration } from '../parse.ts';

/**
 * A person who already has an account here (signed in with Google, or registered with the same verified address)
 * keeps it: the old uid maps to that account, matched by Google subject id first, then by verified e-mail.
 */
export async function matchExistingUsers(tx: Db, list: ParsedUser[], refused: Refusal[]) {
  if (!list.length) return;
  const subjects = list.flatMap((u) => (u.googleSubject ? [u.googleSubject] : []));
  const byGoogle = new Map(
    subjects.length
      ? (
          await tx
            .select({ subject: accounts.accountId, userId: accounts.userId })
            .from(accounts)
            .where(and(eq(accounts.providerId, 'google'), inArray(accounts.accountId, subjects)))
        ).map((r) => [r.subject, r.userId])
      : [],
  );
  const byEmail = new Map(
    (
      await tx
        .select({ id: users.id, email: users.email, verified: users.emailVerified })
        .from(users)
        .where(
          inArray(
            sql`lower(${users.email})`,
            list.map((u) => u.email),
          ),
        )
    ).map((r) => [r.email.toLowerCase(), r]),
  );
  for (const user of list) {
    const google = user.googleSubject ? byGoogle.get(user.googleSubject) : undefined;
    const sameEmail = byEmail.get(user.email);
    if (google) user.id = google;
    else if (sameEmail && sameEmail.id !== user.id) {
      // Only an address both sides proved joins accounts; anything else would hand one person's data to another.
      if (sameEmail.verified && user.emailVerified) user.id = sameEmail.id;
      else
        refused.push({
          path: user.path,
          reason: `another account here has the address ${user.email}, and it is not verified on both sides`,
        });
    }
  }
}

/** The users and their sign-ins. */
export async function writeUsers({ tx, upsert }: WriteContext, userList: ParsedUser[]) {
  const counts = await upsert(
    upsertInto(users, 'id'),
    userList.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      emailVerified: u.emailVerified,
      image: u.image,
      phone: u.phone,
      createdAt: u.createdAt,
    })),
    ['name', 'email', 'emailVerified', 'image', 'phone'],
  );
  await writeSignIns(tx, userList);
  return counts;
}

/** Password and Google sign-ins. An existing sign-in is never replaced, so a re-run cannot undo a rehashed password. */
async function writeSignIns(tx: Db, list: ParsedUser[]) {
  const rows = list.flatMap((u) => [
    ...(u.passwordHash
      ? [
          {
            id: `migrated-password-${u.id}`,
            userId: u.id,
            accountId: u.id,
            providerId: 'credential',
            password: u.passwordHash,
          },
        ]
      : []),
    ...(u.googleSubject
      ? [{ id: `migrated-google-${u.id}`, userId: u.id, accountId: u.googleSubject, providerId: 'google' }]
      : []),
  ]);
  for (let i = 0; i < rows.length; i += 500)
    await tx
      .insert(accounts)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
}

/** A guest's request stays a guest's; a kept user's names the user's account here. */
export async function writeDeletionRequests(
  { upsert }: WriteContext,
  requests: ParsedMigration['deletionRequests'],
  userList: ParsedUser[],
  kept: Set<string>,
) {
  const userIdOf = new Map(userList.map((u) => [u.uid, u.id]));
  return upsert(
    upsertDeletionRequests,
    requests
      .filter((r) => r.userId === 'guest' || kept.has(r.value.userId))
      .map(({ id, value: r }) => ({
        id,
        name: r.name,
        email: r.email,
        reason: r.reason,
        status: r.status,
        requestedAt: r.requestedAt,
        userId: r.userId === 'guest' ? 'guest' : (userIdOf.get(r.userId) ?? r.userId),
      })),
    ['name', 'email', 'reason', 'status', 'userId'],
  );
}
