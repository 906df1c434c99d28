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
 * rows before the change).
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private changes = 0;
  private stopListening: (() => Promise<void>) | undefined;
  private readonly forgetListeners = new Set<(userId: string) => void>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  async start(sql: SqlClient): Promise<void> {
    this.stopListening = await sql.listen(SESSION_CHANGES_CHANNEL, (userId) => this.forgetUser(userId));
  }

  /** The cached user for this cookie, or undefined when unknown or expired. */
  get(key: string): T | undefined {
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
    if (this.ttlMs <= 0) return (await lookup())?.value ?? null;
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const changesBefore = this.changes;
    const found = await lookup();
    if (found && this.changes === changesBefore) {
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
    await this.stopListening?.();
  }
}
