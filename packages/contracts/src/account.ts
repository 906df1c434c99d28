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
