import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * What an account may do: a customer, or a staff member, who is an `agent` (the inbox, customers, projects, steps,
 * content) or an `admin` (all of that, and the team, money, erasure and the catalogue's prices; decision 0058).
 */
export const roleSchema = z.enum(['customer', 'agent', 'admin']);
export type Role = z.infer<typeof roleSchema>;
export const staffRoleSchema = z.enum(['agent', 'admin']);
export type StaffRole = z.infer<typeof staffRoleSchema>;
export { isStaffRole, STAFF_ROLES } from './route-helpers.ts';

export const signInSchema = z.object({
  email: z.email('Please enter a valid email address.'),
  password: z.string().min(1, 'Password is required.'),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** A person's full name, as sign-up and account settings both take it. */
export const fullNameSchema = z
  .string()
  .trim()
  .min(1, 'Full Name is required.')
  .max(120, 'Full Name must be at most 120 characters.');

/** A phone number, required wherever a profile is saved (sign-up and account settings alike). */
export const phoneSchema = z
  .string()
  .trim()
  .min(1, 'Phone Number is required.')
  .regex(/^[+()\d\s.-]{7,25}$/, 'Please enter a valid phone number.');

/** A password someone chooses (sign-up, reset, change): the policy of decision 0012. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

/**
 * Whether a value is a page of this site as a relative path: one leading "/", never "//" or a backslash (which
 * browsers read as another host), no control characters. Where a mailed link sends the browser on to.
 */
export function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /\p{Cc}/u.test(value)) return false;
  const base = 'https://site.invalid';
  try {
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

/** The page a verification link goes on to once followed (the chosen plan's checkout, say): of this site only. */
export const callbackPathSchema = z.string().max(1000).refine(isSitePath, 'The page to continue to must be a page of this site.');

export const signUpSchema = z.object({
  name: fullNameSchema,
  email: z.email('Please enter a valid email address.'),
  phone: phoneSchema,
  password: newPasswordSchema,
  callbackURL: callbackPathSchema.optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/**
 * What sign-up answers, whether the address is new or already has an account (so that it tells no one which
 * addresses have accounts): the address gets an e-mail, a verification link or a notice to its owner.
 */
export const signUpAnswerSchema = z.object({ checkEmail: z.literal(true) });
export type SignUpAnswer = z.infer<typeof signUpAnswerSchema>;

/** Asks for the verification link again, without a session (from sign-up or sign-in) or for the signed-in account. */
export const resendVerificationSchema = z.object({
  email: z.email('Please enter a valid email address.'),
  callbackURL: callbackPathSchema.optional(),
});
export type ResendVerificationInput = z.infer<typeof resendVerificationSchema>;

/** The signed-in user's profile as the portal shows it (spec §3 Users). */
export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: roleSchema,
  /** Whether the account signs in with a second factor; a staff account without one must set it up first. */
  twoFactorEnabled: z.boolean(),
  createdAt: z.number().int(),
});
export type Me = z.infer<typeof meSchema>;

export const sessionStateSchema = z.object({
  user: meSchema.nullable(),
  /** Where spec §4 sends this user after signing in. */
  landing: z.enum(['/dashboard', '/select-plan', '/staff', '/two-factor-setup']).nullable(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;
