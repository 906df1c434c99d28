import { sql } from 'drizzle-orm';
import type { Db, SqlClient } from '../db/client.ts';

export const CHANNEL = 'portal_changes';

/** Who may see a change: its owner (and staff), staff only, or everyone. */
export type Audience = { userId: string } | { staff: true } | { public: true };

export interface Change {
  topic: string;
  audience: Audience;
}

/**
 * Publishes a change through Postgres NOTIFY. Called inside the writing transaction, the notification is
 * delivered only if and when that transaction commits; outside one, at once.
 */
export async function publishChange(db: Db, change: Change): Promise<void> {
  await db.execute(sql`SELECT pg_notify(portal_channel(${CHANNEL}), ${JSON.stringify(change)})`);
}

export type ChangeListener = (change: Change) => void;

/** Each instance LISTENs once and fans changes out to its own listeners (the open event streams). */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private readonly resyncListeners = new Set<() => void>();
  private stop: (() => Promise<void>) | undefined;

  async start(client: SqlClient): Promise<void> {
    const connection = (connected: boolean) => {
      if (connected) for (const listener of this.resyncListeners) listener();
    };
    this.stop = await client.listen(CHANNEL, (payload) => {
      let change: Change;
      try {
        change = JSON.parse(payload) as Change;
      } catch {
        return;
      }
      for (const listener of this.listeners) listener(change);
    }, connection);
  }

  /** Calls `listener` when the feed is heard again after its connection was lost: changes may have been missed. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.stop?.();
  }
}
