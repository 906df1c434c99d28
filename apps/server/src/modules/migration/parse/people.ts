import { z } from 'zod';
import { isBase64, unsupportedScrypt } from '../../../platform/auth/firebase-scrypt.ts';
import { encodeImportedHash } from '../../../platform/auth/imported-password.ts';
import { isObject, keepId, millis, optionalText, type ParseContext, type ParsedUser } from '../context.ts';

/** People: the sign-in export joined with `Users/{uid}`, their sign-ins, and the account deletion requests. */

/** Salts, keys and hashes are base64: anything else could never match, and a `$` would break the stored form. */
const base64 = z.string().refine(isBase64, 'is not base64');

export const hashConfigSchema = z
  .object({
    signerKey: base64.min(1).optional(),
    base64_signer_key: base64.min(1).optional(),
    saltSeparator: base64.optional(),
    base64_salt_separator: base64.optional(),
    rounds: z.coerce.number().int().min(1).max(16),
    memCost: z.coerce.number().int().min(1).max(20).optional(),
    mem_cost: z.coerce.number().int().min(1).max(20).optional(),
  })
  .transform((c, ctx) => {
    const signerKey = c.signerKey ?? c.base64_signer_key;
    const saltSeparator = c.saltSeparator ?? c.base64_salt_separator;
    const memCost = c.memCost ?? c.mem_cost;
    if (!signerKey || saltSeparator === undefined || memCost === undefined) {
      ctx.addIssue({ code: 'custom', message: 'needs signer key, salt separator, rounds and memory cost' });
      return z.NEVER;
    }
    // Refused here rather than at each sign-in, where scrypt would fail and nobody could sign in.
    const unsupported = unsupportedScrypt(memCost, c.rounds);
    if (unsupported) {
      ctx.addIssue({ code: 'custom', message: unsupported });
      return z.NEVER;
    }
    return { signerKey, saltSeparator, rounds: c.rounds, memCost };
  });
export type HashConfig = z.output<typeof hashConfigSchema>;

const providerSchema = z.object({
  providerId: z.string(),
  rawId: z.string().optional(),
  email: z.string().optional(),
});
const authUserSchema = z.object({
  localId: z.string().min(1),
  email: z.string().email().optional(),
  emailVerified: z.boolean().optional(),
  passwordHash: base64.optional(),
  salt: base64.optional(),
  displayName: z.string().optional(),
  photoUrl: z.string().optional(),
  phoneNumber: z.string().optional(),
  providerUserInfo: z.array(providerSchema).optional(),
  createdAt: millis.optional(),
  lastSignedInAt: millis.optional(),
});

const userRecord = z.object({
  Name: optionalText,
  Email: z.string().email().nullish(),
  PhoneNumber: optionalText,
  Timestamp: millis.optional(),
  profileImageUrl: optionalText,
  CustomerId: optionalText,
  DefaultCard: z.object({ CardFId: optionalText, CardSId: optionalText }).partial().nullish(),
});

const deletionRecord = z.object({
  name: z.string(),
  email: z.string(),
  reason: optionalText,
  status: z.string().default('pending'),
  requestedAt: millis,
  userId: z.string().default('guest'),
});

export type DeletionRecord = z.output<typeof deletionRecord>;

type Reading = Pick<ParseContext, 'refuse' | 'read' | 'root'>;

/** The users by uid, and every uid the exports name (a refused one included). */
export function parseUsers({ refuse, read, root }: Reading, input: { auth?: unknown; hashConfig?: unknown }) {
  // ---- hash parameters ----
  let hashConfig: HashConfig | null = null;
  if (input.hashConfig !== undefined && input.hashConfig !== null) {
    const raw =
      isObject(input.hashConfig) && isObject(input.hashConfig.hash_config)
        ? input.hashConfig.hash_config
        : input.hashConfig;
    hashConfig = read(hashConfigSchema, raw, '(hash config)');
  }

  // ---- users: the sign-in export joined with Users/{uid} ----
  const authUsers = new Map<string, z.output<typeof authUserSchema>>();
  if (input.auth !== undefined && input.auth !== null) {
    const list = isObject(input.auth) ? input.auth.users : undefined;
    if (!Array.isArray(list)) refuse('(auth)', 'expected { "users": [ ... ] } as written by auth:export');
    else
      list.forEach((value, i) => {
        const user = read(authUserSchema, value, `(auth)/users/${i}`);
        if (user) authUsers.set(user.localId, user);
      });
  }
  const userRecords = root('Users');
  const uids = new Set([...authUsers.keys(), ...Object.keys(userRecords)]);
  const users = new Map<string, ParsedUser>();
  for (const uid of uids) {
    const path = userRecords[uid] !== undefined ? `Users/${uid}` : `(auth)/users/${uid}`;
    const record = userRecords[uid] === undefined ? {} : read(userRecord, userRecords[uid], `Users/${uid}`);
    if (!record) continue;
    const auth = authUsers.get(uid);
    const email = (auth?.email ?? record.Email ?? '').toLowerCase();
    if (!email) {
      refuse(path, 'no e-mail address in the sign-in export or in Users');
      continue;
    }
    const sameEmail = [...users.values()].find((u) => u.email === email);
    if (sameEmail) {
      refuse(path, `the e-mail address ${email} is also the address of user "${sameEmail.uid}"`);
      continue;
    }
    let passwordHash: string | null = null;
    if (auth?.passwordHash) {
      if (!hashConfig) {
        refuse(
          `(auth)/users/${uid}/passwordHash`,
          'a password hash without the hash parameters (--hash-config)',
        );
        continue;
      }
      if (!auth.salt) {
        refuse(`(auth)/users/${uid}/salt`, 'a password hash without its salt');
        continue;
      }
      passwordHash = encodeImportedHash(hashConfig, auth.salt, auth.passwordHash);
    }
    const google = auth?.providerUserInfo?.find((p) => p.providerId === 'google.com');
    const picture = record.profileImageUrl ?? auth?.photoUrl ?? null;
    users.set(uid, {
      uid,
      id: keepId('user', uid),
      path,
      name: record.Name || auth?.displayName || email,
      email,
      emailVerified: auth?.emailVerified ?? Boolean(google),
      image: picture,
      phone: record.PhoneNumber ?? auth?.phoneNumber ?? null,
      createdAt: auth?.createdAt ?? record.Timestamp ?? new Date(0),
      passwordHash,
      googleSubject: google?.rawId ?? null,
      squareCustomerId: record.CustomerId ?? null,
      defaultCardId: record.DefaultCard?.CardFId ?? null,
    });
  }
  return { users, uids };
}

export function parseDeletionRequests({ read, root, ownerOf }: ParseContext) {
  const deletionRequests: {
    id: string;
    path: string;
    userId: string;
    value: DeletionRecord;
  }[] = [];
  for (const [requestId, value] of Object.entries(root('AccountDeletionRequest'))) {
    const path = `AccountDeletionRequest/${requestId}`;
    const r = read(deletionRecord, value, path);
    if (!r) continue;
    const user = r.userId === 'guest' ? null : ownerOf(r.userId, `${path}/userId`);
    if (r.userId !== 'guest' && !user) continue;
    deletionRequests.push({ id: keepId('deletion', requestId), path, userId: user?.id ?? 'guest', value: r });
  }
  return deletionRequests;
}
