import { createHash } from 'node:crypto';
import { z } from 'zod';
import { promoResultSchema } from '@portal/contracts/billing';
import { isBase64, unsupportedScrypt } from '../../platform/auth/firebase-scrypt.ts';
import { encodeImportedHash } from '../../platform/auth/imported-password.ts';
import { isSafeStorageKey } from '../uploads/index.ts';

/**
 * Reads the original system's exports (spec §3 paths; docs/decisions/0023) into the rows the portal stores. Every
 * record that cannot be taken is listed with its path and reason; nothing here touches the database or files.
 */

export interface Refusal {
  path: string;
  reason: string;
}

/** A file of the old bucket that records point at; it becomes an upload with a stable id. */
export interface FileRef {
  path: string;
  uploadId: string;
  ownerUid: string;
  purpose: string;
  targetId: string;
  /** Path of the first record naming it (for a refusal when it is missing). */
  referencedBy: string;
}

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

const text = z.string();
const optionalText = z.string().nullish();
/** Times in the export are epoch milliseconds, as numbers or strings. */
const millis = z.union([z.number(), z.string().regex(/^\d{1,15}$/)]).transform((v) => new Date(Number(v)));
const cents = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);

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

const answerSchema = z.object({
  formItemId: text,
  prompt: text,
  type: text,
  order: z.coerce.number().int(),
  answer: z.string().optional(),
  selectedOptionIds: z.array(z.string()).optional(),
  selectedOptionsText: z.array(z.string()).optional(),
  answers: z.array(z.string()).optional(),
});
const formSchema = z.object({ submittedAt: millis.optional(), answers: z.array(answerSchema) });
const stepSchema = z.object({
  StepStatus: z.string().default('pending'),
  StepIndex: z.coerce.number().int(),
  StepDetails: z.string(),
  CompletedTimestamp: millis.nullish(),
});
const subscriptionRecord = z.object({
  Status: z.string().min(1),
  ServiceId: z.string().min(1),
  ServiceTitle: z.string(),
  Price: z.union([z.string(), z.number()]).transform(String),
  Amount: cents,
  Recurring: z.string(),
  StartDate: millis,
  DueDate: millis,
  CardId: optionalText,
  CardBrand: optionalText,
  CardLast4: optionalText,
  Forms: z.object({ NewSubscriptionForm: formSchema.optional() }).partial().nullish(),
  CompletionSteps: z.record(z.string(), stepSchema).nullish(),
});
const paymentRecord = z.object({
  UserId: z.string().min(1),
  ServiceId: z.string().default(''),
  ServiceTitle: z.string(),
  Amount: cents,
  Price: z.union([z.string(), z.number()]).transform(String).optional(),
  Recurring: z.string().default(''),
  CardSId: optionalText,
  CardFId: optionalText,
  CardBrand: optionalText,
  CardLast4: optionalText,
  PaymentStatus: z.string(),
  PurchaseType: z.string().optional(),
  AppliedDeal: promoResultSchema.nullish(),
  CustomerId: optionalText,
  CustomerName: optionalText,
  CustomerEmail: optionalText,
  Timestamp: millis,
  SubscriptionId: optionalText,
  FailureReason: optionalText,
});
const userPaymentRecord = z.object({
  Timestamp: millis,
  ServiceTitle: z.string(),
  Amount: cents,
  PaymentStatus: z.string(),
});
const cardRecord = z.object({
  squareCardId: z.string().min(1),
  customerId: optionalText,
  Status: z.string(),
  Timestamp: millis,
  brand: optionalText,
  last4: optionalText,
  FailureReason: optionalText,
});
const userChatRecord = z.object({ Reason: z.string().optional(), SentTimestamp: millis.optional() });
const messageRecord = z.object({
  MessageType: z.enum(['text', 'image', 'video']).default('text'),
  TextMessage: optionalText,
  Image: optionalText,
  Video: optionalText,
  MessengerType: z.string().default('user'),
  SentTimestamp: millis,
  Status: z.string().optional(),
});
const projectRecord = z.object({
  userId: z.string().min(1),
  projectName: z.string().min(1),
  businessName: z.string().default(''),
  businessLogo: optionalText,
  clientNotes: optionalText,
  releaseStatus: z.string().default('PENDING'),
  createdTimestamp: millis,
  lastModifiedTimestamp: millis.optional(),
  publishedTimestamp: millis.nullish(),
  subscriptionId: optionalText,
  deliverables: z
    .object({
      playStoreUrl: optionalText,
      appStoreUrl: optionalText,
      websiteUrl: optionalText,
      apkDownloadUrl: optionalText,
    })
    .partial()
    .default({}),
});
const deletionRecord = z.object({
  name: z.string(),
  email: z.string(),
  reason: optionalText,
  status: z.string().default('pending'),
  requestedAt: millis,
  userId: z.string().default('guest'),
});

/** The collections of the report, in the order they are written. */
export const MIGRATED = [
  'Users',
  'Cards',
  'UserSubscriptions',
  'CompletionSteps',
  'Forms',
  'Payments',
  'Chats',
  'Messages',
  'Projects',
  'AccountDeletionRequest',
  'Files',
] as const;
export type Collection = (typeof MIGRATED)[number];

const ID = /^[A-Za-z0-9_-]{1,128}$/;
/** A stable UUID from a name, for old ids our columns cannot take and for file ids. */
export function stableId(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
const keepId = (kind: string, id: string) => (ID.test(id) ? id : stableId(`${kind}:${id}`));

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The storage path named by a hosted-storage download URL or gs:// address; null for any other URL. */
export function storagePathOf(url: string): string | null {
  const gs = /^gs:\/\/[^/]+\/(.+)$/.exec(url);
  if (gs) return gs[1]!;
  try {
    const u = new URL(url);
    if (u.hostname === 'firebasestorage.googleapis.com') {
      const m = /\/o\/([^/]+)$/.exec(u.pathname);
      return m ? decodeURIComponent(m[1]!) : null;
    }
    if (u.hostname === 'storage.googleapis.com')
      return decodeURIComponent(u.pathname.split('/').slice(2).join('/')) || null;
  } catch {
    return null;
  }
  return null;
}

export const fileUrl = (uploadId: string) => `/api/files/${uploadId}`;

export interface ParsedUser {
  uid: string;
  id: string;
  path: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  phone: string | null;
  createdAt: Date;
  passwordHash: string | null;
  googleSubject: string | null;
  squareCustomerId: string | null;
  defaultCardId: string | null;
}

export function parseMigration(input: { database: unknown; auth?: unknown; hashConfig?: unknown }) {
  const refused: Refusal[] = [];
  const refuse = (path: string, reason: string) => refused.push({ path, reason });
  const files = new Map<string, FileRef>();
  const database = isObject(input.database) ? input.database : {};
  if (!isObject(input.database)) refuse('(database)', 'expected a JSON object of the realtime database');

  /** A collection at the root: an object of records keyed by id, or refused as a whole. */
  const root = (name: string): Record<string, unknown> => {
    const value = database[name];
    if (value === undefined || value === null) return {};
    if (!isObject(value)) {
      refuse(name, 'expected an object keyed by id');
      return {};
    }
    return value;
  };
  /** `Root/{uid}/{id}` collections: each record with its owner's uid and its path. */
  const nested = (name: string, kind: string): { uid: string; key: string; path: string; value: unknown }[] =>
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

  /** A URL inside a record: hosted-storage URLs become a file of this owner and purpose. */
  const fileOf = (url: string | null | undefined, ref: Omit<FileRef, 'path' | 'uploadId'>): string | null => {
    if (!url) return null;
    const path = storagePathOf(url);
    if (!path) return url;
    // It becomes the file's storage key: the uploads module's rule for keys holds for migrated files too.
    if (!isSafeStorageKey(path)) {
      refuse(
        ref.referencedBy,
        `file "${path}" is not a storage key the portal takes (plain names joined by "/")`,
      );
      return null;
    }
    const existing = files.get(path);
    const uploadId = existing?.uploadId ?? stableId(`file:${path}`);
    if (!existing) files.set(path, { ...ref, path, uploadId });
    return fileUrl(uploadId);
  };
  const ownerOf = (uid: string, path: string): ParsedUser | null => {
    const user = users.get(uid);
    if (!user)
      refuse(path, uids.has(uid) ? `its user "${uid}" was refused` : `no user "${uid}" in the export`);
    return user ?? null;
  };

  for (const user of users.values()) {
    user.image = fileOf(user.image, {
      ownerUid: user.uid,
      purpose: 'profile-picture',
      targetId: user.id,
      referencedBy: user.path,
    });
  }

  // ---- cards ----
  const cards: { id: string; path: string; user: ParsedUser; value: z.output<typeof cardRecord> }[] = [];
  for (const { uid, key: cardId, path, value } of nested('Cards', 'card')) {
    const card = read(cardRecord, value, path);
    if (!card) continue;
    if (!['Complete', 'PendingSquareCreation', 'Pending', 'Error', 'Failed'].includes(card.Status)) {
      refuse(`${path}/Status`, `unknown card status "${card.Status}"`);
      continue;
    }
    const user = ownerOf(uid, path);
    if (user) cards.push({ id: keepId('card', cardId), path, user, value: card });
  }
  const cardIds = new Set(cards.map((c) => c.id));

  // ---- subscriptions, their questionnaire answers and completion steps ----
  const subscriptionCopies = root('Subscriptions');
  const subscriptions: {
    id: string;
    path: string;
    user: ParsedUser;
    value: z.output<typeof subscriptionRecord>;
    cardId: string | null;
  }[] = [];
  const forms: {
    subscriptionId: string;
    path: string;
    user: ParsedUser;
    submittedAt: Date;
    answers: z.output<typeof answerSchema>[];
  }[] = [];
  const steps: {
    id: string;
    path: string;
    subscriptionId: string;
    user: ParsedUser;
    value: z.output<typeof stepSchema>;
  }[] = [];
  for (const { uid, key: subscriptionId, path, value } of nested('UserSubscriptions', 'subscription')) {
    {
      const s = read(subscriptionRecord, value, path);
      const user = s && ownerOf(uid, path);
      if (!s || !user) continue;
      const id = keepId('subscription', subscriptionId);
      const wantedCard = s.CardId ?? user.defaultCardId;
      const cardId = wantedCard ? keepId('card', wantedCard) : null;
      if (s.CardId && !cardIds.has(cardId!)) {
        refuse(`${path}/CardId`, `no card "${s.CardId}" of this user in Cards`);
        continue;
      }
      subscriptions.push({ id, path, user, value: s, cardId: cardId && cardIds.has(cardId) ? cardId : null });
      const copy = subscriptionCopies[subscriptionId];
      const form =
        s.Forms?.NewSubscriptionForm ??
        (isObject(copy) && isObject(copy.Forms)
          ? read(
              formSchema,
              copy.Forms.NewSubscriptionForm,
              `Subscriptions/${subscriptionId}/Forms/NewSubscriptionForm`,
            )
          : null);
      if (form) {
        const formPath = `${path}/Forms/NewSubscriptionForm`;
        forms.push({
          subscriptionId: id,
          path: formPath,
          user,
          submittedAt: form.submittedAt ?? s.StartDate,
          answers: form.answers.map((a) => ({
            ...a,
            ...(a.answers
              ? {
                  answers: a.answers.map(
                    (url) =>
                      fileOf(url, {
                        ownerUid: uid,
                        purpose: 'questionnaire-image',
                        targetId: id,
                        referencedBy: formPath,
                      })!,
                  ),
                }
              : {}),
          })),
        });
      }
      for (const [stepId, step] of Object.entries(s.CompletionSteps ?? {}))
        steps.push({
          id: `${id}:${stepId}`,
          path: `${path}/CompletionSteps/${stepId}`,
          subscriptionId: id,
          user,
          value: step,
        });
    }
  }
  const subscriptionOwner = new Map(subscriptions.map((s) => [s.id, s.user.uid]));

  // ---- payments (Payments, and UserPayments entries that Payments lacks) ----
  const payments: {
    id: string;
    path: string;
    user: ParsedUser;
    value: z.output<typeof paymentRecord>;
    subscriptionId: string | null;
  }[] = [];
  const paymentRecords = root('Payments');
  for (const [paymentId, value] of Object.entries(paymentRecords)) {
    const path = `Payments/${paymentId}`;
    const p = read(paymentRecord, value, path);
    const user = p && ownerOf(p.UserId, `${path}/UserId`);
    if (!p || !user) continue;
    const subscriptionId = p.SubscriptionId ? keepId('subscription', p.SubscriptionId) : null;
    if (subscriptionId && subscriptionOwner.get(subscriptionId) !== user.uid) {
      refuse(
        `${path}/SubscriptionId`,
        `no subscription "${p.SubscriptionId}" of this user in UserSubscriptions`,
      );
      continue;
    }
    payments.push({ id: keepId('payment', paymentId), path, user, value: p, subscriptionId });
  }
  for (const { uid, key: paymentId, path, value } of nested('UserPayments', 'payment')) {
    {
      if (paymentRecords[paymentId] !== undefined) continue;
      const p = read(userPaymentRecord, value, path);
      const user = p && ownerOf(uid, path);
      if (!p || !user) continue;
      payments.push({
        id: keepId('payment', paymentId),
        path,
        user,
        subscriptionId: null,
        value: { ...p, UserId: uid, ServiceId: '', Recurring: '', Price: (p.Amount / 100).toFixed(2) },
      });
    }
  }

  // ---- chats: owners from UserChats, messages from Chats ----
  const chatOwner = new Map<string, { user: ParsedUser; reason: string }>();
  for (const { uid, key: chatId, path, value: messages } of nested('UserChats', 'chat')) {
    {
      const user = ownerOf(uid, path);
      if (!user || !isObject(messages)) continue;
      const first = Object.values(messages)
        .map((m) => userChatRecord.safeParse(m).data)
        .find((m) => m?.Reason);
      chatOwner.set(chatId, { user, reason: first?.Reason ?? 'Support' });
    }
  }
  const chats: {
    id: string;
    path: string;
    user: ParsedUser;
    reason: string;
    messages: { id: string; path: string; value: z.output<typeof messageRecord>; media: string | null }[];
  }[] = [];
  for (const [chatId, byMessage] of Object.entries(root('Chats'))) {
    const path = `Chats/${chatId}`;
    if (!isObject(byMessage)) {
      refuse(path, 'expected an object keyed by message id');
      continue;
    }
    const owner = chatOwner.get(chatId);
    if (!owner) {
      refuse(path, `no UserChats entry names the customer of chat "${chatId}"`);
      continue;
    }
    const id = keepId('chat', chatId);
    const messages = [];
    for (const [messageId, value] of Object.entries(byMessage)) {
      const messagePath = `${path}/${messageId}`;
      const m = read(messageRecord, value, messagePath);
      if (!m) continue;
      const mediaUrl = m.MessageType === 'image' ? m.Image : m.MessageType === 'video' ? m.Video : null;
      if (m.MessageType !== 'text' && !mediaUrl) {
        refuse(
          messagePath,
          `a ${m.MessageType} message without its ${m.MessageType === 'image' ? 'Image' : 'Video'} URL`,
        );
        continue;
      }
      const media = fileOf(mediaUrl, {
        ownerUid: owner.user.uid,
        purpose: m.MessageType === 'video' ? 'chat-video' : 'chat-image',
        targetId: id,
        referencedBy: messagePath,
      });
      if (media && !media.startsWith('/api/files/')) {
        refuse(messagePath, `media URL "${media}" is not a file of the original storage`);
        continue;
      }
      // Message keys are unique within their chat only.
      messages.push({ id: stableId(`message:${chatId}/${messageId}`), path: messagePath, value: m, media });
    }
    chats.push({ id, path, user: owner.user, reason: owner.reason, messages });
  }

  // ---- projects and deletion requests ----
  const projects: {
    id: string;
    path: string;
    user: ParsedUser;
    value: z.output<typeof projectRecord>;
    subscriptionId: string | null;
  }[] = [];
  for (const [projectId, value] of Object.entries(root('Projects'))) {
    const path = `Projects/${projectId}`;
    const p = read(projectRecord, value, path);
    const user = p && ownerOf(p.userId, `${path}/userId`);
    if (!p || !user) continue;
    const id = keepId('project', projectId);
    const subscriptionId = p.subscriptionId ? keepId('subscription', p.subscriptionId) : null;
    if (subscriptionId && subscriptionOwner.get(subscriptionId) !== user.uid) {
      refuse(
        `${path}/subscriptionId`,
        `no subscription "${p.subscriptionId}" of this user in UserSubscriptions`,
      );
      continue;
    }
    p.businessLogo = fileOf(p.businessLogo, {
      ownerUid: user.uid,
      purpose: 'project-logo',
      targetId: id,
      referencedBy: path,
    });
    projects.push({ id, path, user, value: p, subscriptionId });
  }
  const deletionRequests: {
    id: string;
    path: string;
    userId: string;
    value: z.output<typeof deletionRecord>;
  }[] = [];
  for (const [requestId, value] of Object.entries(root('AccountDeletionRequest'))) {
    const path = `AccountDeletionRequest/${requestId}`;
    const r = read(deletionRecord, value, path);
    if (!r) continue;
    const user = r.userId === 'guest' ? null : ownerOf(r.userId, `${path}/userId`);
    if (r.userId !== 'guest' && !user) continue;
    deletionRequests.push({ id: keepId('deletion', requestId), path, userId: user?.id ?? 'guest', value: r });
  }

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
