import type { FastifyInstance } from 'fastify';

interface HeldSession {
  id: string;
  staff: boolean;
}

/**
 * Ends the live event streams that a session no longer allows, on every instance: the session cache hears of each
 * change to a user or their sessions (the database's notification, decision 0032), and this instance then checks
 * that user's open streams against the sessions that still hold. Sign-out, a password change or reset, signing
 * out other devices, erasure and a session past its absolute lifetime end streams; staff rights taken away (or
 * given) end the staff member's streams, which reconnect with what the session now allows. After the LISTEN
 * connection was lost, anything may have been missed: every stream ends, and browsers reconnect and refetch.
 */
export function endStreamsOfEndedSessions(app: FastifyInstance) {
  const streams = app.liveStreams;
  const check = async (userId: string) => {
    if (!streams.watches(userId)) return;
    const held = await app.database.sql.query<HeldSession>(
      `SELECT s.id, (u.role IN ('agent', 'admin') AND u.two_factor_enabled) AS staff FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.user_id = $1 AND s.expires_at > now() AND s.created_at > now() - $2::float8 * interval '1 day'`,
      [userId, app.config.SESSION_MAX_AGE_DAYS],
    );
    streams.endWatchersOf(userId, (watcher) => held.some((session) => session.id === watcher.sessionId && session.staff === watcher.staff));
  };
  const stops = [
    app.sessionCache.onNotified((userId) => {
      check(userId).catch((error: unknown) => app.log.error({ err: error }, 'checking the live streams of a changed user failed'));
    }),
    app.sessionCache.onResync(() => streams.endAll()),
    app.changeFeed.onResync(() => streams.endAll()),
  ];
  app.addHook('onClose', async () => stops.forEach((stop) => stop()));
}
