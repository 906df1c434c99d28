import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, fullNameSchema, newPasswordSchema as newPassword, phoneSchema } from './auth.ts';
import { cursorQuery, pageOf } from './page.ts';

/**
 * Profile fields a customer edits on /account-settings, with sign-up's own rules: a saved profile always has a
 * phone number (accounts made with Google add theirs the first time they save). The e-mail is the sign-in identity
 * and stays.
 */
export const profileUpdateSchema = z.object({ name: fullNameSchema, phone: phoneSchema });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** A finished profile-picture upload (target: the user's own id) to use as the profile photo. */
export const profilePhotoSchema = z.object({ fileId: z.string().min(1).max(100) });
export type ProfilePhoto = z.infer<typeof profilePhotoSchema>;

export const PROFILE_PHOTO_FAILED = 'Failed to upload profile picture.';

export const DELETION_REQUIRED_MESSAGE = 'Name and email are required.';

/** The account deletion form (spec §2, §5): name and e-mail required, reason optional. */
export const deletionRequestInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, DELETION_REQUIRED_MESSAGE)
    .max(200, 'Full Name must be at most 200 characters.'),
  email: z
    .string()
    .trim()
    .min(1, DELETION_REQUIRED_MESSAGE)
    .max(254, 'Email Address is too long.')
    .pipe(z.email('Please enter a valid email address.')),
  reason: z.string().trim().max(2000, 'Reason must be at most 2000 characters.').optional(),
});
export type DeletionRequestInput = z.input<typeof deletionRequestInputSchema>;

/** A stored deletion request (spec §3 AccountDeletionRequest); `userId` is the user's id or 'guest'. */
export const deletionRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  reason: z.string().nullable(),
  status: z.string(),
  requestedAt: z.number().int(),
  userId: z.string(),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;
export const deletionRequestListSchema = z.object({ requests: z.array(deletionRequestSchema) });

/** What the account's security settings show: whether the address is verified and whether a password is set. */
export const accountSecuritySchema = z.object({
  emailVerified: z.boolean(),
  /** False for an account made with Google until a password is set. */
  hasPassword: z.boolean(),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

/** One signed-in device (a session) of the account; `id` names the session, never its token. */
export const signedInDeviceSchema = z.object({
  id: z.string(),
  /** "Chrome", "Safari", ... from the user agent; null when it does not say. */
  browser: z.string().nullable(),
  /** "macOS", "Android", ... from the user agent; null when it does not say. */
  os: z.string().nullable(),
  /** Whether the user agent says it is a phone or tablet. */
  mobile: z.boolean(),
  /** The time zone the browser last reported (an approximate place, as the device says; not checked). */
  timeZone: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.number().int(),
  lastActiveAt: z.number().int(),
  /** The device this request comes from. */
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;
export const signedInDeviceListSchema = z.object({ devices: z.array(signedInDeviceSchema) });
export const signedInDeviceParamsSchema = z.object({ id: z.string().min(1).max(100) });
/** Ending a session that is not one of the account's own (or no longer signed in). */
export const DEVICE_NOT_FOUND = 'DEVICE_NOT_FOUND';
/** Ending the session the request comes from: that is signing out. */
export const CURRENT_DEVICE = 'CURRENT_DEVICE';

/** A first password for an account that has none (made with Google). */
export const setPasswordSchema = z.object({ newPassword });

/**
 * The answer of a sensitive change asked for when the sign-in is older than a few minutes: confirm who you are
 * (reauthenticate) and try again. Accounts without a password sign in with Google again instead.
 */
export const REAUTHENTICATION_REQUIRED = 'REAUTHENTICATION_REQUIRED';
/** What confirms who you are: the password (a second-factor `code` is the other way, added beside it). */
export const reauthenticateSchema = z.object({ password: z.string().min(1, 'Password is required.').max(PASSWORD_MAX_LENGTH) });
export type ReauthenticateInput = z.infer<typeof reauthenticateSchema>;
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

/** Changing the password needs the current one. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required.'),
  newPassword,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changeEmailSchema = z.object({ newEmail: z.email('Please enter a valid email address.') });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** "Forgot password?": the address to send the link to. */
export const forgotPasswordSchema = z.object({ email: z.email('Please enter a valid email address.') });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The new password chosen through an e-mailed link. */
export const resetPasswordSchema = z.object({ token: z.string().min(1).max(200), newPassword });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The deletion-request queue of /staff/deletion-requests (issue 11 item 3). */
export const DELETION_REQUEST_STATUSES = ['pending', 'done', 'refused'] as const;
export type DeletionRequestStatus = (typeof DELETION_REQUEST_STATUSES)[number];
/** How a closed request ended: the account's data was erased, no account had that e-mail, or staff refused. */
export const DELETION_OUTCOMES = ['erased', 'no-account', 'refused'] as const;
export const staffDeletionRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  reason: z.string().nullable(),
  status: z.enum(DELETION_REQUEST_STATUSES),
  requestedTimestamp: z.number().int(),
  /** Whether the request was made while signed in to that account (else as a guest). */
  signedIn: z.boolean(),
  outcome: z.enum(DELETION_OUTCOMES).nullable(),
  refusalReason: z.string().nullable(),
  decidedTimestamp: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
});
export type StaffDeletionRequest = z.infer<typeof staffDeletionRequestSchema>;
/** One status at a time, newest request first, a page at a time. */
export const staffDeletionRequestListSchema = pageOf('requests', staffDeletionRequestSchema);
export const staffDeletionRequestListQuerySchema = z.object({
  status: z.enum(DELETION_REQUEST_STATUSES).default('pending'),
  ...cursorQuery,
});
export type StaffDeletionRequestListQuery = z.input<typeof staffDeletionRequestListQuerySchema>;
export const deletionRequestParamsSchema = z.object({ requestId: z.string().min(1).max(100) });
export const refuseDeletionSchema = z.object({
  reason: z.string().trim().min(1, 'Please say why the request is refused.').max(2000, 'The reason must be at most 2000 characters.'),
});
export type RefuseDeletionInput = z.infer<typeof refuseDeletionSchema>;
