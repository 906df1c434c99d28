import type { SqlClient } from '../db/client.ts';

/** The channel the 0120 migration's triggers notify with a user id when that user or one of their sessions changes. */
export const SESSION_CHANGES_CHANNEL = 'portal_session_changes';

interface Entry<T> {
  userId: string;
  value: T;
  until: number;
}

/**
 * Signed-in users by session cookie, for a few seconds, so that a signed-in request does not resolve its session
 * from scratch (signature check, session and user rows) every time. Correctness rests on forgetting at once:
 * every instance LISTENs for the triggers' notifications and drops that user's entries when their user row or
 * any of their sessions changes, and a lookup that overlapped any such change is not kept (it may have read the
 * rows before the change). While the LISTEN connection is down nothing is cached (a missed notification would
 * leave a signed-out session trusted); when it is back, whoever built on the notifications hears `onResync`.
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private changes = 0;
  private stopListening: (() => Promise<void>) | undefined;
  private readonly forgetListeners = new Set<(userId: string) => void>();
  private readonly notifiedListeners = new Set<(userId: string) => void>();
  private readonly resyncListeners = new Set<() => void>();
  /** Whether the notifications are heard: false until listening and while the connection is lost. */
  private listening = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  async start(sql: SqlClient): Promise<void> {
    this.stopListening = await sql.listen(SESSION_CHANGES_CHANNEL, (userId) => this.notified(userId), (connected) => this.connection(connected));
    this.listening = true;
  }

  /** Whether entries are trusted now: the database's notifications are being heard. */
  get trusted(): boolean {
    return this.listening;
  }

  /** The cached user for this cookie, or undefined when unknown or expired. */
  get(key: string): T | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Resolves `key` with `lookup` unless cached; keeps the answer only if nothing changed while it was read. */
  async resolve(key: string, lookup: () => Promise<{ userId: string; value: T } | null>): Promise<T | null> {
    if (this.ttlMs <= 0 || !this.listening) return (await lookup())?.value ?? null;
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const changesBefore = this.changes;
    const found = await lookup();
    if (found && this.changes === changesBefore && this.listening) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { userId: found.userId, value: found.value, until: this.now() + this.ttlMs });
    }
    return found?.value ?? null;
  }

  forgetUser(userId: string): void {
    this.changes += 1;
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
    for (const listener of this.forgetListeners) listener(userId);
  }

  /** Calls `listener` with each user the database says changed (on any instance); returns how to stop. */
  onNotified(listener: (userId: string) => void): () => void {
    this.notifiedListeners.add(listener);
    return () => this.notifiedListeners.delete(listener);
  }

  /** Calls `listener` when the notifications are heard again after a loss: any change may have been missed. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  private notified(userId: string) {
    this.forgetUser(userId);
    for (const listener of this.notifiedListeners) listener(userId);
  }

  private connection(connected: boolean) {
    this.changes += 1;
    this.entries.clear();
    this.listening = connected;
    if (connected) for (const listener of this.resyncListeners) listener();
  }

  /** Calls `listener` with each user forgotten from now on; returns how to stop. */
  onForget(listener: (userId: string) => void): () => void {
    this.forgetListeners.add(listener);
    return () => this.forgetListeners.delete(listener);
  }

  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    this.entries.clear();
    this.listening = false;
    await this.stopListening?.();
  }
}
