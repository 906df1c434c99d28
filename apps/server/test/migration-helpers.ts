import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { firebaseScryptHash } from '../src/platform/auth/firebase-scrypt.ts';

/** The hosted sign-in service's hash parameters, as its console shows them. */
export const HASH_CONFIG = {
  algorithm: 'SCRYPT',
  base64_signer_key: Buffer.alloc(64, 7).toString('base64'),
  base64_salt_separator: 'Bw==',
  rounds: 8,
  mem_cost: 14,
};

/** A 1x1 PNG and the head of an MP4: real enough for content sniffing. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const MP4 = Buffer.concat([
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
  Buffer.alloc(64, 0),
]);

export const OLD_PASSWORD = 'old-system-password-1';
const BUCKET = 'old-app.appspot.com';
export const storageUrl = (p: string) =>
  `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o/${encodeURIComponent(p)}?alt=media&token=abc`;

/** Proven against the service's published vectors in firebase-scrypt.test.ts. */
async function firebaseHash(password: string, salt: string) {
  const hash = await firebaseScryptHash(password, salt, {
    memCost: HASH_CONFIG.mem_cost,
    rounds: HASH_CONFIG.rounds,
    saltSeparator: HASH_CONFIG.base64_salt_separator,
    signerKey: HASH_CONFIG.base64_signer_key,
  });
  return hash.toString('base64');
}

const DAY = 86_400_000;

/** The subject id the local Google stand-in gives an address (platform/oidc/local-google.ts), as Google's is stable. */
export const googleSubject = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 24);

/**
 * An export of the original system for one business: Ann (password, card, subscriptions in every status, payments,
 * a chat with an image and a video, a project, questionnaire answers with an image), Greg (Google), and the bucket.
 * `tag` keeps ids apart between tests that share a database.
 */
export async function buildOldExport(tag: string, now: Date) {
  const t = (ms: number) => String(now.getTime() + ms);
  const ann = `ann${tag}`;
  const greg = `greg${tag}`;
  const plan = `plan-${tag}`;
  const chat = `chat-${tag}`;
  const sub = (s: string) => `sub-${s}-${tag}`;
  const files = {
    profile: `profile_pictures/${ann}`,
    form: `form_submissions/${ann}/${sub('active')}/q-logo/abc123`,
    chatImage: `chat_images/${chat}/1700000000000_shot.png`,
    chatVideo: `chat_videos/${chat}/1700000000001_clip.mp4`,
  };
  const bucket = mkdtempSync(path.join(tmpdir(), 'old-bucket-'));
  for (const [key, p] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(bucket, p)), { recursive: true });
    writeFileSync(path.join(bucket, p), key === 'chatVideo' ? MP4 : PNG);
  }
  const salt = Buffer.from(`salt-${tag}`).toString('base64');
  const card = `card-${tag}`;
  const squareCustomer = `SQCUST${tag}`;
  const squareCard = `ccof:old${tag}`;
  const subscription = (status: string, due: number) => ({
    Status: status,
    ServiceId: plan,
    ServiceTitle: 'Growth Plan',
    Price: '49.99',
    Amount: 4999,
    Recurring: 'month',
    StartDate: t(-20 * DAY),
    DueDate: t(due),
    CardBrand: 'VISA',
    CardLast4: '4242',
    CardId: card,
  });
  const database = {
    Services: {
      [plan]: {
        title: 'Growth Plan',
        price: '49.99',
        amount: 4999,
        recurring: 'month',
        description: 'Growth',
        visibility: 'visible',
      },
    },
    Users: {
      [ann]: {
        Name: 'Ann Old',
        Email: `${ann}@example.com`,
        PhoneNumber: '555 010 1234',
        UserId: ann,
        Timestamp: t(-400 * DAY),
        profileImageUrl: storageUrl(files.profile),
        CustomerId: squareCustomer,
        DefaultCard: {
          CardFId: card,
          CardSId: squareCard,
          Brand: 'VISA',
          Last4: '4242',
          Timestamp: t(-30 * DAY),
        },
      },
      [greg]: { Name: 'Greg Google', Email: `${greg}@example.com`, UserId: greg, Timestamp: t(-100 * DAY) },
    },
    Cards: {
      [ann]: {
        [card]: {
          id: card,
          squareCardId: squareCard,
          customerId: squareCustomer,
          Status: 'Complete',
          Timestamp: t(-30 * DAY),
          brand: 'VISA',
          last4: '4242',
        },
        [`${card}-bad`]: {
          id: `${card}-bad`,
          squareCardId: 'cnon:old',
          Status: 'Error',
          Timestamp: t(-29 * DAY),
          FailureReason: 'Card declined',
        },
      },
    },
    UserSubscriptions: {
      [ann]: {
        [sub('active')]: {
          ...subscription('ACTIVE', 10 * DAY),
          Forms: {
            NewSubscriptionForm: {
              userId: ann,
              subscriptionId: sub('active'),
              submittedAt: t(-19 * DAY),
              answers: [
                {
                  formItemId: 'q-business-name',
                  prompt: 'What is the name of your business as customers should see it?',
                  type: 'SINGLE_TEXT_INPUT',
                  order: 1,
                  answer: 'Ann Bakery',
                },
                {
                  formItemId: 'q-logo',
                  prompt: 'Upload your logo.',
                  type: 'SINGLE_IMAGE_UPLOAD',
                  order: 6,
                  answers: [storageUrl(files.form)],
                },
              ],
            },
          },
          CompletionSteps: {
            s1: {
              StepStatus: 'completed',
              StepIndex: 1,
              StepDetails: 'Fill in the questionnaire',
              CompletedTimestamp: t(-19 * DAY),
            },
            s2: { StepStatus: 'pending', StepIndex: 2, StepDetails: 'Review your app' },
          },
        },
        [sub('pending')]: subscription('ACTIVE_PENDING_UPDATE', 15 * DAY),
        [sub('cancelled')]: subscription('CANCELLED', 5 * DAY),
        [sub('nonpayment')]: subscription('INACTIVE_NONPAYMENT', -5 * DAY),
      },
    },
    Payments: {
      [`pay-ok-${tag}`]: {
        PaymentId: `pay-ok-${tag}`,
        UserId: ann,
        ServiceId: plan,
        ServiceTitle: 'Growth Plan',
        Amount: 4999,
        Price: '49.99',
        Recurring: 'month',
        CardSId: squareCard,
        CardBrand: 'VISA',
        CardLast4: '4242',
        PaymentStatus: 'Complete',
        PurchaseType: 'New Subscription',
        AppliedDeal: { status: 'applied', message: '10% off', promoCode: 'SAVE10', finalAmount: 4499 },
        CustomerId: squareCustomer,
        CustomerName: 'Ann Old',
        CustomerEmail: `${ann}@example.com`,
        Timestamp: t(-20 * DAY),
        PaymentType: 'Card',
        PaymentMethod: 'Card',
        SubscriptionId: sub('active'),
      },
      [`pay-failed-${tag}`]: {
        PaymentId: `pay-failed-${tag}`,
        UserId: ann,
        ServiceId: plan,
        ServiceTitle: 'Growth Plan',
        Amount: 4999,
        Price: '49.99',
        Recurring: 'month',
        CardBrand: 'VISA',
        CardLast4: '0002',
        PaymentStatus: 'Failed',
        PurchaseType: 'New Subscription',
        AppliedDeal: null,
        Timestamp: t(-21 * DAY),
        FailureReason: 'Card declined',
      },
    },
    UserPayments: {
      [ann]: {
        [`pay-ok-${tag}`]: {
          Timestamp: t(-20 * DAY),
          ServiceTitle: 'Growth Plan',
          Amount: 4499,
          PaymentStatus: 'complete',
        },
      },
    },
    UserChats: {
      [ann]: {
        [chat]: {
          m1: { Reason: 'App question', TextMessage: 'Hello', Status: 'OPEN', SentTimestamp: t(-3 * DAY) },
        },
      },
    },
    Chats: {
      [chat]: {
        m1: {
          id: 'm1',
          MessageType: 'text',
          TextMessage: 'Hello, can you see my screenshot?',
          MessengerType: 'user',
          SentTimestamp: t(-3 * DAY),
          Status: 'OPEN',
        },
        m2: {
          id: 'm2',
          MessageType: 'image',
          Image: storageUrl(files.chatImage),
          MessengerType: 'user',
          SentTimestamp: t(-3 * DAY + 1000),
          Status: 'OPEN',
        },
        m3: {
          id: 'm3',
          MessageType: 'video',
          Video: storageUrl(files.chatVideo),
          MessengerType: 'user',
          SentTimestamp: t(-3 * DAY + 2000),
          Status: 'OPEN',
        },
        m4: {
          id: 'm4',
          MessageType: 'text',
          TextMessage: 'Yes, we are on it.',
          MessengerType: 'support',
          SentTimestamp: t(-2 * DAY),
          Status: 'OPEN',
        },
      },
    },
    Projects: {
      [`proj-${tag}`]: {
        projectId: `proj-${tag}`,
        userId: ann,
        projectName: 'Ann Bakery App',
        businessName: 'Ann Bakery',
        clientNotes: 'Blue theme',
        releaseStatus: 'PUBLISHED',
        createdTimestamp: t(-18 * DAY),
        lastModifiedTimestamp: t(-4 * DAY),
        publishedTimestamp: t(-4 * DAY),
        subscriptionId: sub('active'),
        deliverables: { websiteUrl: 'https://annbakery.example.com' },
      },
    },
    AccountDeletionRequest: {
      [`del-${tag}`]: {
        name: 'Someone',
        email: 'someone@example.com',
        reason: 'Moving on',
        status: 'pending',
        requestedAt: t(-1 * DAY),
        userId: 'guest',
      },
    },
  };
  const auth = {
    users: [
      {
        localId: ann,
        email: `${ann}@example.com`,
        emailVerified: true,
        passwordHash: await firebaseHash(OLD_PASSWORD, salt),
        salt,
        displayName: 'Ann Old',
        createdAt: t(-400 * DAY),
        lastSignedInAt: t(-2 * DAY),
        providerUserInfo: [],
      },
      {
        localId: greg,
        email: `${greg}@example.com`,
        emailVerified: true,
        displayName: 'Greg Google',
        providerUserInfo: [
          { providerId: 'google.com', rawId: googleSubject(`${greg}@example.com`), email: `${greg}@example.com` },
        ],
        createdAt: t(-100 * DAY),
      },
    ],
  };
  return {
    database,
    auth,
    hashConfig: HASH_CONFIG,
    bucket,
    ids: { ann, greg, plan, chat, sub, card, squareCard, squareCustomer, files },
  };
}
