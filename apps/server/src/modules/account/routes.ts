import type { FastifyInstance } from 'fastify';
import { accountRoutes as route } from '@portal/contracts/routes';
import { sessionUser } from '../../platform/auth/session.ts';
import { reauthenticate, requireFreshSignIn } from '../../platform/auth/reauthentication.ts';
import { AppError } from '../../platform/http/errors.ts';
import { keyedLimit } from '../../platform/http/keyed-limit.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { changeProfile, changeProfilePhoto, deletionRequests, removeProfilePhoto, sessionState } from './service.ts';
import { confirmAccountDeletion, requestAccountDeletion } from './deletion-confirmation.ts';
import { carryOutDeletionRequest, listDeletionRequestsForStaff, refuseDeletionRequest } from './erasure.ts';
import { confirmAccountDeletion as confirmRoute } from '@portal/contracts/routes';
import { accountSecurity, setFirstPassword } from './security.ts';
import { signedInDevices, signOutDevice, signOutOtherDevices } from './devices.ts';

/** Guests may file this many deletion requests per client address per hour. */
export const GUEST_DELETION_REQUESTS_PER_HOUR = 5;
/** Each request mails a confirmation link: this many per hour per signed-in account and per e-mail address named. */
export const DELETION_MAILS_PER_HOUR = 5;
const HOUR = 60 * 60 * 1000;

/** The profile, the session state, and account deletion requests: the customer's and staff's queue of them. */
export async function accountRoutes(app: FastifyInstance) {

  registerRoute(app, route.getSession, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return sessionState(app.db, await sessionUser(request));
  });
  registerRoute(app, route.updateProfile, async (request) => changeProfile(app, request.user, request.body));
  registerRoute(app, route.setProfilePhoto, async (request) => changeProfilePhoto(app, request.user, request.body.fileId));
  registerRoute(app, route.removeProfilePhoto, async (request) => removeProfilePhoto(app, request.user));

  const tooManyMails = () => new AppError(429, 'RATE_LIMITED', 'Too many deletion requests for this account or e-mail address. Please try again later.');
  const mailsPerAccount = keyedLimit(app, { max: DELETION_MAILS_PER_HOUR, timeWindow: HOUR, refuse: tooManyMails, key: async (request) => (await sessionUser(request))?.id });
  const mailsPerAddress = keyedLimit(app, {
    max: DELETION_MAILS_PER_HOUR,
    timeWindow: HOUR,
    refuse: tooManyMails,
    key: (request) => (request.body as { email: string }).email.trim().toLowerCase(),
  });
  registerRoute(
    app,
    route.requestAccountDeletion,
    async (request, reply) => {
      await mailsPerAccount(request);
      await mailsPerAddress(request);
      const user = await sessionUser(request);
      const stored = await requestAccountDeletion(app, request.body, user?.id ?? null);
      return reply.code(201).send(stored);
    },
    {
      config: {
        rateLimit: {
          max: GUEST_DELETION_REQUESTS_PER_HOUR,
          timeWindow: HOUR,
          allowList: async (request) => Boolean(await sessionUser(request)),
          errorResponseBuilder: () =>
            new AppError(429, 'RATE_LIMITED', 'Too many deletion requests from this address. Please try again later.'),
        },
      },
    },
  );
  registerRoute(app, confirmRoute, async (request) => confirmAccountDeletion(app, request.body.token));
  registerRoute(app, route.getAccountSecurity, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return accountSecurity(request);
  });
  registerRoute(app, route.listSignedInDevices, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { devices: await signedInDevices(request) };
  });
  // Ending a session takes access away and gives none: no fresh sign-in is asked for (decision 0054).
  registerRoute(app, route.signOutDevice, async (request, reply) => {
    await signOutDevice(request, request.params.id);
    return reply.code(204).send();
  });
  registerRoute(app, route.signOutOtherDevices, async (request, reply) => {
    await signOutOtherDevices(request);
    return reply.code(204).send();
  });
  registerRoute(app, route.setPassword, async (request, reply) => {
    await requireFreshSignIn(request);
    await setFirstPassword(request, request.body.newPassword);
    return reply.code(204).send();
  });
  registerRoute(
    app,
    route.reauthenticate,
    async (request, reply) => {
      await reauthenticate(request, request.body);
      return reply.code(204).send();
    },
    // Password guesses are counted per account, whichever address they come from.
    { config: { rateLimit: { max: app.config.AUTH_RATE_LIMIT_MAX, timeWindow: app.config.AUTH_RATE_LIMIT_WINDOW_MS, keyGenerator: async (request) => `reauthenticate:${(await sessionUser(request))?.id ?? request.ip}`, errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.') } } },
  );
  registerRoute(app, route.listDeletionRequests, async (request) => ({
    requests: await deletionRequests(app.db, request.query.email),
  }));

  // Staff's queue of deletion requests (admins only); carrying one out erases an account, so it asks for a fresh sign-in.
  registerRoute(app, route.listStaffDeletionRequests, async (request) => listDeletionRequestsForStaff(app.db, request.query));
  registerRoute(app, route.refuseDeletionRequest, async (request) => refuseDeletionRequest(app, request.user, request.params.requestId, request.body.reason));
  registerRoute(app, route.carryOutDeletionRequest, async (request) => {
    await requireFreshSignIn(request);
    return carryOutDeletionRequest(app, request.user, request.params.requestId);
  });
}
