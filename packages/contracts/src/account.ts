import { z } from 'zod';

/** Profile fields a customer edits on /account-settings; the e-mail is the sign-in identity and stays. */
export const profileUpdateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Full Name is required.')
    .max(120, 'Full Name must be at most 120 characters.'),
  // Accounts made with Google have no phone number, so it may stay empty; when given it must look like one.
  phone: z
    .string()
    .trim()
    .max(25, 'Please enter a valid phone number.')
    .refine((v) => v === '' || /^[+()\d\s.-]{7,25}$/.test(v), 'Please enter a valid phone number.'),
});
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
