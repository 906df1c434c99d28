import { stepPlaceSchema } from '@portal/contracts/onboarding';
import { z } from 'zod';
import { USER_LEVELS } from '@portal/contracts/help';
import { QUESTION_TYPES } from '@portal/contracts/onboarding';
import { checkPromoDuration, checkPromoValue, MAX_DURATION_MONTHS, PROMO_DURATIONS, PROMO_TYPES } from '@portal/contracts/billing';
import {
  cents,
  link,
  optionalLink,
  optionalText,
  outsideLink,
  stringList,
  text,
  timestamp,
  wholeNumber,
} from './fields.ts';
import { projectBuildFields } from './build-records.ts';

/** Record shapes of each imported collection (spec §3 paths, plus PromoCodes and CompletionStepTemplates). */

export const serviceRecord = z
  .object({
    title: text,
    /** Display price; derived from `amount` when absent. */
    price: z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, 'expected a display price such as "49.99"')
      .optional(),
    amount: cents,
    recurring: text.default('month'),
    description: optionalText,
    visibility: text.default('visible'),
    order: wholeNumber.default(0),
  })
  .superRefine((s, ctx) => {
    if (s.price !== undefined && Math.round(Number(s.price) * 100) !== s.amount) {
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: `"${s.price}" does not match amount ${s.amount} (cents)`,
      });
    }
  })
  .transform((s) => ({ ...s, price: s.price ?? (s.amount / 100).toFixed(2) }));

export const faqRecord = z.object({ question: text, answer: text, order: wholeNumber.default(0) });

/** `Title` and `Subtitle` are the banner's words, shown as text over the image (the image is only the background). */
export const bannerRecord = z.object({
  ImageUrl: link,
  LinkUrl: optionalLink,
  Title: optionalText,
  Subtitle: optionalText,
  TimeCreated: timestamp,
});

export const guideRecord = z.object({
  title: text,
  description: z.string().trim().default(''),
  category: z.string().trim().default(''),
  userLevel: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(USER_LEVELS, { error: `expected one of ${USER_LEVELS.join(', ')}` }))
    .default('beginner'),
  consoleTypes: stringList,
  navigation: z.string().trim().default(''),
  howToUse: z.string().trim().default(''),
  tags: stringList,
  lastUpdated: timestamp.nullish().transform((v) => v ?? null),
});

const CHOICE_TYPES: readonly string[] = ['CHECKBOX', 'MULTIPLE_CHOICE', 'DROPDOWN'];

export const formItemRecord = z
  .object({
    prompt: text,
    type: z.enum(QUESTION_TYPES, { error: `expected one of ${QUESTION_TYPES.join(', ')}` }),
    order: wholeNumber.default(0),
    isRequired: z.boolean().default(false),
    options: z.array(z.object({ id: text, text: text })).default([]),
    maxImages: wholeNumber
      .refine((n) => n > 0, 'expected a positive whole number')
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((item, ctx) => {
    if (CHOICE_TYPES.includes(item.type) && item.options.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `a ${item.type} question needs at least one option`,
      });
    }
    const ids = item.options.map((o) => o.id);
    const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
    if (repeated)
      ctx.addIssue({ code: 'custom', path: ['options'], message: `option id "${repeated}" is used twice` });
  });

export const projectRecord = z
  .object({
    userId: text.optional(),
    userEmail: z.string().trim().toLowerCase().pipe(z.email('expected an e-mail address')).optional(),
    subscriptionId: optionalText,
    projectName: text,
    businessName: z.string().trim().default(''),
    businessLogo: optionalLink,
    clientNotes: optionalText,
    releaseStatus: text.default('PENDING'),
    createdTimestamp: timestamp,
    lastModifiedTimestamp: timestamp.optional(),
    publishedTimestamp: timestamp.nullish().transform((v) => v ?? null),
    deliverables: z
      .object({
        playStoreUrl: optionalLink,
        appStoreUrl: optionalLink,
        websiteUrl: optionalLink,
        apkDownloadUrl: optionalLink,
      })
      .default({ playStoreUrl: null, appStoreUrl: null, websiteUrl: null, apkDownloadUrl: null }),
    ...projectBuildFields,
  })
  .refine((p) => p.userId || p.userEmail, {
    message: "needs the owner's userId or userEmail",
    path: ['userId'],
  });

const positiveOrNone = wholeNumber
  .refine((n) => n > 0, 'expected a positive whole number')
  .nullish()
  .transform((v) => v ?? null);

export const promoCodeRecord = z
  .object({
    type: z.enum(PROMO_TYPES, { error: 'expected "percent" or "amount"' }),
    value: wholeNumber.refine((n) => n > 0, 'expected a positive whole number'),
    active: z.boolean().default(true),
    expiresAt: timestamp.nullish().transform((v) => v ?? null),
    serviceIds: z
      .array(text)
      .nullish()
      .transform((v) => (v && v.length ? v : null)),
    maxRedemptions: positiveOrNone,
    /** How long the discount lasts (decision 0062); files from before it hold neither field: the first payment. */
    duration: z.enum(PROMO_DURATIONS, { error: `expected one of ${PROMO_DURATIONS.join(', ')}` }).default('once'),
    durationMonths: positiveOrNone.refine((n) => n === null || n <= MAX_DURATION_MONTHS, `expected at most ${MAX_DURATION_MONTHS} months`),
    maxPerCustomer: positiveOrNone,
  })
  .superRefine((promo, ctx) => {
    checkPromoValue(promo, ctx);
    checkPromoDuration(promo, ctx);
  });

/** The staff editor's rules too (one pattern for every code, whoever writes it). */
export { PROMO_CODE_PATTERN } from '@portal/contracts/billing';

/** A card of the portfolio: store and website addresses are http(s) only, the picture may be a path on this site. */
export const portfolioRecord = z.object({
  name: text,
  kind: z.string().trim().default(''),
  description: z.string().trim().default(''),
  imageUrl: optionalLink,
  imageAlt: z.string().trim().default(''),
  appStoreUrl: outsideLink,
  playStoreUrl: outsideLink,
  websiteUrl: outsideLink,
  order: wholeNumber.default(0),
});

/** A name in the landing page's "Trusted by" strip. */
export const trustedByRecord = z.object({ name: text, order: wholeNumber.default(0) });

export const stepTemplateRecord = z.object({
  StepIndex: wholeNumber.refine((n) => n >= 0, 'expected 0 or more'),
  StepDetails: text,
  /** The portal place the step names (contracts STEP_PLACES); optional. */
  Place: stepPlaceSchema.nullish().transform((v) => v ?? null),
});

/** The stages every new project starts with (decision 0075): `launches` marks the stage that publishes the project. */
export const stageTemplateRecord = z.object({
  name: text.pipe(z.string().max(80, 'at most 80 characters')),
  order: wholeNumber.default(0),
  expectedDays: wholeNumber
    .refine((n) => n >= 0 && n <= 365, 'expected 0 to 365 days')
    .nullish()
    .transform((v) => v ?? null),
  launches: z.boolean().default(false),
});
