/** Raw access used by the migrator and the change feed; the two drivers expose the same small surface. */
export interface SqlClient {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * LISTENs on `channel` for the life of the process. `onConnection(false)` says the connection was lost (what was
   * notified meanwhile is missed) and `onConnection(true)` that it is back; PGlite, in the process, never loses it.
   */
  listen(channel: string, onMessage: (payload: string) => void, onConnection?: (connected: boolean) => void): Promise<() => Promise<void>>;
}

/** A PostgreSQL connection of its own, for session state such as advisory locks. */
export interface SqlSession {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Called once when the connection is lost (the server has then released the session's locks). */
  onLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}
