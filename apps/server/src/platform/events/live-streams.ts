import type { ServerResponse } from 'node:http';
import type { Change } from './change-feed.ts';

/** Who is watching a stream: a guest, or a signed-in customer or staff member (who sees every customer's changes) and their session. */
export type Watcher = { userId: string; staff: boolean; sessionId: string; sessionEndsAt?: number } | null;
type SignedInWatcher = NonNullable<Watcher>;

/** Often enough that proxies and balancers (which commonly drop a connection idle for 60 s) keep streams open. */
const HEARTBEAT_MS = 20_000;
/** Comment lines that keep idle connections open through proxies; browsers ignore them. */
const HEARTBEAT = ':\n\n';
/**
 * A stream whose client has stopped reading is ended rather than buffered without limit: when it reconnects, the
 * browser refetches what it shows, so nothing is lost but memory.
 */
const MAX_UNREAD_BYTES = 64 * 1024;

/**
 * The open event streams of this instance, kept as little as possible per stream (10,000 of them fit in a few
 * hundred megabytes): each stream is only its response, in one set per audience a change can have. A change is
 * formatted once and written to the streams of its audience; one shared interval sends the heartbeat.
 */
export class LiveStreams {
  private readonly everyone = new Set<ServerResponse>();
  /** Staff streams, which receive every customer's changes as well. */
  private readonly staff = new Set<ServerResponse>();
  /** The streams of each signed-in customer. */
  private readonly customers = new Map<string, Set<ServerResponse>>();
  /** Every signed-in stream by user, with who opened it: a stream ends when its session or role no longer holds. */
  private readonly signedIn = new Map<string, Map<ServerResponse, SignedInWatcher>>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly heartbeatMs = HEARTBEAT_MS) {}

  get size() {
    return this.everyone.size;
  }

  add(response: ServerResponse, watcher: Watcher) {
    this.everyone.add(response);
    if (watcher) {
      let ofUser = this.signedIn.get(watcher.userId);
      if (!ofUser) this.signedIn.set(watcher.userId, (ofUser = new Map()));
      ofUser.set(response, watcher);
    }
    if (watcher?.staff) this.staff.add(response);
    else if (watcher) {
      let own = this.customers.get(watcher.userId);
      if (!own) this.customers.set(watcher.userId, (own = new Set()));
      own.add(response);
    }
    this.heartbeat ??= setInterval(() => this.beat(), this.heartbeatMs).unref();
  }

  remove(response: ServerResponse, watcher: Watcher) {
    this.everyone.delete(response);
    if (watcher) {
      const ofUser = this.signedIn.get(watcher.userId);
      ofUser?.delete(response);
      if (ofUser?.size === 0) this.signedIn.delete(watcher.userId);
    }
    if (watcher?.staff) this.staff.delete(response);
    else if (watcher) {
      const own = this.customers.get(watcher.userId);
      own?.delete(response);
      if (own?.size === 0) this.customers.delete(watcher.userId);
    }
    if (this.everyone.size === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  deliver(change: Change) {
    const frame = `data: ${JSON.stringify({ topic: change.topic })}\n\n`;
    const audience = change.audience;
    if ('public' in audience) return this.write(this.everyone, frame);
    this.write(this.staff, frame);
    if ('userId' in audience) {
      const own = this.customers.get(audience.userId);
      if (own) this.write(own, frame);
    }
  }

  /** The heartbeat; it also ends the streams of sessions that reached their absolute lifetime meanwhile. */
  private beat(now = Date.now()) {
    this.write(this.everyone, HEARTBEAT);
    for (const ofUser of this.signedIn.values())
      for (const [response, watcher] of ofUser) if (watcher.sessionEndsAt !== undefined && watcher.sessionEndsAt <= now) response.end();
  }

  /** Whether this user has a signed-in stream open here. */
  watches(userId: string): boolean {
    return this.signedIn.has(userId);
  }

  /**
   * Ends the user's streams that `stillHolds` refuses (a session signed out, a role changed); each closes and is
   * forgotten, and a browser still signed in reconnects with what its session now allows.
   */
  endWatchersOf(userId: string, stillHolds: (watcher: SignedInWatcher) => boolean) {
    for (const [response, watcher] of this.signedIn.get(userId) ?? []) if (!stillHolds(watcher)) response.end();
  }

  /** Ends every stream, so that the server can close; browsers reconnect (to another instance, or this one again). */
  endAll() {
    for (const response of this.everyone) response.end();
  }

  private write(streams: Set<ServerResponse>, text: string) {
    for (const response of streams) {
      if (response.writableLength > MAX_UNREAD_BYTES) response.destroy();
      else response.write(text);
    }
  }
}
