import type { FastifyRequest } from 'fastify';
import { CURRENT_DEVICE, DEVICE_NOT_FOUND, type SignedInDevice } from '@portal/contracts/account';
import { signedIn } from '../../platform/auth/session.ts';
import { AppError } from '../../platform/http/errors.ts';
import { deviceKindOf } from './user-agent.ts';

interface DeviceRow {
  id: string;
  user_agent: string | null;
  ip_address: string | null;
  created_at: Date | string;
  last_active_at: Date | string;
  time_zone: string | null;
}

/** The account and session this request is signed in with (its route is `auth: 'user'`, so there is one). */
async function currentSession(request: FastifyRequest): Promise<{ userId: string; sessionId: string }> {
  const current = await signedIn(request);
  if (!current) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in.');
  return { userId: current.user.id, sessionId: current.session.id };
}

/**
 * The account's live sessions as devices, this one first, then by last activity: never their tokens (which would
 * sign anyone in), only the session's id, which names it and opens nothing.
 */
export async function signedInDevices(request: FastifyRequest): Promise<SignedInDevice[]> {
  const { userId, sessionId: currentId } = await currentSession(request);
  const rows = await request.server.database.sql.query<DeviceRow>(
    `SELECT s.id, s.user_agent, s.ip_address, s.created_at, a.time_zone,
            GREATEST(s.created_at, s.updated_at, a.last_active_at) AS last_active_at
       FROM sessions s LEFT JOIN session_activity a ON a.session_id = s.id
      WHERE s.user_id = $1 AND s.expires_at > now() AND s.created_at > now() - $2::float8 * interval '1 day'`,
    [userId, request.server.config.SESSION_MAX_AGE_DAYS],
  );
  const devices = rows.map((row) => ({
    id: row.id,
    ...deviceKindOf(row.user_agent),
    timeZone: row.time_zone,
    ipAddress: row.ip_address,
    createdAt: new Date(row.created_at).getTime(),
    lastActiveAt: new Date(row.last_active_at).getTime(),
    current: row.id === currentId,
  }));
  return devices.sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt - a.lastActiveAt);
}

/**
 * Ends one other session of the account. Deleting the row is what ends it everywhere: the sessions trigger tells
 * every instance to forget the account's cached sessions and to close the live streams of sessions that are gone
 * (decision 0032, platform/events/ended-sessions.ts). Only the account's own sessions are found.
 */
export async function signOutDevice(request: FastifyRequest, sessionId: string): Promise<void> {
  const current = await currentSession(request);
  if (sessionId === current.sessionId) {
    throw new AppError(409, CURRENT_DEVICE, 'This is the device you are using. Log out to sign out here.');
  }
  const ended = await request.server.database.sql.query<{ id: string }>('DELETE FROM sessions WHERE id = $1 AND user_id = $2 RETURNING id', [
    sessionId,
    current.userId,
  ]);
  if (ended.length === 0) throw new AppError(404, DEVICE_NOT_FOUND, 'That device is not signed in to your account.');
}

/** Ends every session of the account but this one (on every instance, as `signOutDevice`). */
export async function signOutOtherDevices(request: FastifyRequest): Promise<void> {
  const { userId, sessionId } = await currentSession(request);
  await request.server.database.sql.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, sessionId]);
}
