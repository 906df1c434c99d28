import { z } from 'zod';
import { fullNameSchema, phoneSchema } from './auth.ts';

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
