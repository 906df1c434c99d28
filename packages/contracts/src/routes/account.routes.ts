import { z } from 'zod';
import {
  accountSecuritySchema,
  reauthenticateSchema,
  setPasswordSchema,
  signedInDeviceListSchema,
  signedInDeviceParamsSchema,
  deletionRequestInputSchema,
  deletionRequestListSchema,
  deletionRequestSchema,
  profilePhotoSchema,
  profileUpdateSchema,
  deletionRequestParamsSchema,
  refuseDeletionSchema,
  staffDeletionRequestListQuerySchema,
  staffDeletionRequestListSchema,
  staffDeletionRequestSchema,
} from '../account.ts';
import { errorBodySchema, staffErrors } from '../errors.ts';
import { meSchema, sessionStateSchema } from '../auth.ts';
import { defineRoute, noContent } from '../route.ts';
import { topics } from '../topics.ts';
import { shellEndpoints } from './shell.ts';

const tags = ['account'];

export const getSession = defineRoute({
  method: shellEndpoints.getSession.method,
  path: shellEndpoints.getSession.path,
  auth: 'public',
  tags,
  summary: 'The signed-in user, and where spec §4 sends them after sign-in',
  responses: { 200: sessionStateSchema },
});

export const updateProfile = defineRoute({
  method: 'PATCH',
  path: '/api/me',
  auth: 'user',
  tags,
  summary: 'Changes the name and phone number of the signed-in user',
  body: profileUpdateSchema,
  responses: { 200: meSchema },
});

export const setProfilePhoto = defineRoute({
  method: 'PUT',
  path: '/api/me/photo',
  auth: 'user',
  tags,
  summary: 'Makes a finished profile-picture upload (purpose profile-picture, target: own user id) the profile photo',
  body: profilePhotoSchema,
  responses: { 200: meSchema },
});

export const removeProfilePhoto = defineRoute({
  method: 'DELETE',
  path: '/api/me/photo',
  auth: 'user',
  tags,
  summary: 'Removes the profile photo (its file is deleted); the portal shows initials instead',
  responses: { 200: meSchema },
});

export const requestAccountDeletion = defineRoute({
  method: 'POST',
  path: '/api/account-deletion-requests',
  auth: 'public',
  tags,
  summary: 'Request deletion of an account and its data (as the signed-in user, or as a guest)',
  body: deletionRequestInputSchema,
  responses: { 201: deletionRequestSchema },
  topic: topics.deletionRequests,
});

export const listDeletionRequests = defineRoute({
  method: 'GET',
  path: '/api/operator/account-deletion-requests',
  auth: 'operator',
  tags: ['operator'],
  summary: 'Stored account deletion requests, newest first (operator token, loopback)',
  query: z.object({ email: z.string().max(254).optional() }),
  responses: { 200: deletionRequestListSchema },
});

export const getAccountSecurity = defineRoute({
  method: 'GET',
  path: '/api/me/security',
  auth: 'user',
  tags,
  summary: 'Whether the e-mail address is verified and whether the account has a password',
  responses: { 200: accountSecuritySchema },
});

export const listSignedInDevices = defineRoute({
  method: 'GET',
  path: '/api/me/devices',
  auth: 'user',
  tags,
  summary: 'The devices signed in to the account (its sessions, without their tokens), this one first',
  responses: { 200: signedInDeviceListSchema },
});

export const signOutDevice = defineRoute({
  method: 'DELETE',
  path: '/api/me/devices/:id',
  auth: 'user',
  tags,
  summary: 'Signs out one other device of the account: its session ends on every instance, with its live streams',
  description:
    'The id is one of listSignedInDevices. A session that is not one of the account\'s own, or no longer signed in, answers 404 DEVICE_NOT_FOUND; the device of the request itself 409 CURRENT_DEVICE (sign out instead).',
  params: signedInDeviceParamsSchema,
  responses: { 204: noContent, 404: errorBodySchema, 409: errorBodySchema },
});

export const signOutOtherDevices = defineRoute({
  method: 'DELETE',
  path: '/api/me/devices',
  auth: 'user',
  tags,
  summary: 'Signs out every device of the account but this one',
  responses: { 204: noContent },
});

export const setPassword = defineRoute({
  method: 'POST',
  path: '/api/me/password',
  auth: 'user',
  tags,
  summary: 'Sets a first password on an account that has none (made with Google)',
  body: setPasswordSchema,
  responses: { 204: noContent },
});

export const reauthenticate = defineRoute({
  method: 'POST',
  path: '/api/me/reauthenticate',
  auth: 'user',
  tags,
  summary: 'Confirms the password of the signed-in account, so that its session counts as freshly signed in',
  description:
    'Changing the e-mail, a first password, refunds, erasing an account and removing staff answer 403 REAUTHENTICATION_REQUIRED when the sign-in is older than REAUTHENTICATE_AFTER_MINUTES; this confirms the password (400 INVALID_PASSWORD otherwise, 400 NO_PASSWORD for an account made with Google, which signs in with Google again instead) and the change can be tried again.',
  body: reauthenticateSchema,
  responses: { 204: noContent },
});

// Staff's side (staff only; under the staff tag in the API's documentation).

export const listStaffDeletionRequests = defineRoute({
  method: 'GET',
  path: '/api/staff/deletion-requests',
  auth: 'admin',
  tags: ['staff'],
  summary: 'Account deletion requests of one status (pending, done, refused), newest first',
  query: staffDeletionRequestListQuerySchema,
  responses: { 200: staffDeletionRequestListSchema, ...staffErrors },
  topic: topics.deletionRequests,
});

export const refuseDeletionRequest = defineRoute({
  method: 'POST',
  path: '/api/staff/deletion-requests/:requestId/refuse',
  auth: 'admin',
  tags: ['staff'],
  summary: 'Refuse a pending deletion request, with the reason',
  params: deletionRequestParamsSchema,
  body: refuseDeletionSchema,
  responses: { 200: staffDeletionRequestSchema, ...staffErrors },
  topic: topics.deletionRequests,
});

export const carryOutDeletionRequest = defineRoute({
  method: 'POST',
  path: '/api/staff/deletion-requests/:requestId/carry-out',
  auth: 'admin',
  tags: ['staff'],
  summary:
    "Carry out a pending deletion request: cancel the account's subscriptions, disable its cards, delete its files and chats, anonymise its personal data and payments' personal fields, sign it out (or close the request when no account has the e-mail)",
  params: deletionRequestParamsSchema,
  responses: { 200: staffDeletionRequestSchema, ...staffErrors, 503: errorBodySchema },
  topic: topics.deletionRequests,
});

export const accountRoutes = {
  reauthenticate,
  getSession,
  updateProfile,
  setProfilePhoto,
  removeProfilePhoto,
  requestAccountDeletion,
  listDeletionRequests,
  getAccountSecurity,
  listSignedInDevices,
  signOutDevice,
  signOutOtherDevices,
  setPassword,
  listStaffDeletionRequests,
  refuseDeletionRequest,
  carryOutDeletionRequest
};
