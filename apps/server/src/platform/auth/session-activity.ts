import type { FastifyRequest } from 'fastify';
import { TIME_ZONE_HEADER } from '@portal/contracts/headers';

/** A session's last activity is written at most this often per instance: not once per request. */
export const ACTIVITY_WRITE_EVERY_MS = 60_000;

/** An IANA time zone name as browsers report it ("Europe/Paris", "America/Argentina/Buenos_Aires", "UTC"). */
const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]{0,30}(\/[A-Za-z0-9_+-]{1,30}){0,2}$/;

/** The time zone a request reports, when it is one this server knows; anything else counts as none. */
export function reportedTimeZone(request: FastifyRequest): string | null {
  const value = request.headers[TIME_ZONE_HEADER];
  if (typeof value !== 'string' || !TIME_ZONE_NAME.test(value)) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    return null;
  }
}

interface Written {
  at: number;
  timeZone: string | null;
}

/**
 * Remembers when this instance last wrote each session's activity, so that a busy session costs one write a minute
 * (or one when its time zone changes), not one per request. Bounded: the oldest entry goes first.
 */
export class SessionActivity {
  private readonly written = new Map<string, Written>();

  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly maxEntries = 10_000,
  ) {}

  /** Whether the session's activity should be written now; if so, it counts as written. */
  claim(sessionId: string, timeZone: string | null): boolean {
    const at = this.now();
    const last = this.written.get(sessionId);
    if (last && at - last.at < ACTIVITY_WRITE_EVERY_MS && (timeZone === null || timeZone === last.timeZone)) return false;
    this.written.delete(sessionId);
    if (this.written.size >= this.maxEntries) this.written.delete(this.written.keys().next().value!);
    this.written.set(sessionId, { at, timeZone: timeZone ?? last?.timeZone ?? null });
    return true;
  }
}

/**
 * Notes that the request's session is in use (and the time zone its browser reports), throttled by
 * `SessionActivity`. The row sits beside the session, so writing it does not make any instance forget the cached
 * session. A failure is logged, never the request's: the last activity is shown to people, nothing decides on it.
 */
export async function noteActivity(request: FastifyRequest, sessionId: string): Promise<void> {
  const timeZone = reportedTimeZone(request);
  if (!request.server.sessionActivity.claim(sessionId, timeZone)) return;
  await request.server.database.sql
    .query(
      `INSERT INTO session_activity (session_id, last_active_at, time_zone) SELECT id, now(), $2 FROM sessions WHERE id = $1
        ON CONFLICT (session_id) DO UPDATE SET last_active_at = excluded.last_active_at,
          time_zone = COALESCE(excluded.time_zone, session_activity.time_zone)`,
      [sessionId, timeZone],
    )
    .catch((error: unknown) => request.log.warn({ err: error }, 'noting a session’s activity failed'));
}
