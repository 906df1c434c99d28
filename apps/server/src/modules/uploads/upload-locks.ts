import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, SqlSession } from '../../platform/db/client.ts';

/** The advisory lock class of uploads (the migrator uses 727274); the second key is the upload id's hash. */
const LOCK_CLASS = 727275;
/** Where an instance asks the holder of an upload's lock, on whichever instance, to let go. */
const RELEASE_CHANNEL = 'portal_upload_release';
const RETRY_MS = 50;
const ASK_AGAIN_MS = 1000;
const TIMEOUT_MS = 30_000;

/** A lock not had in time: the client retries the request later (tus's own error would be a 500). */
const BUSY = {
  status_code: 423,
  body: JSON.stringify({ error: { code: 'UPLOAD_BUSY', message: 'This upload is busy with another request. Please try again.' } }),
};

/**
 * tus's per-upload lock for every instance on one PostgreSQL database (decision 0015): a session-level advisory lock
 * on one connection of this instance's own, so any instance can take any request of any upload. As with tus's
 * in-memory lock, a request that wants a held upload first asks its holder to let go (tus then ends the holder's
 * request, keeping the bytes it wrote); the ask travels by NOTIFY to the instance holding it. If the connection is
 * lost, the server drops its locks, so every request holding one through it is ended too.
 */
export class PostgresUploadLocker implements Locker {
  /** Uploads this instance holds or is taking, with how to end the request that holds each. */
  readonly holders = new Map<string, RequestRelease>();
  private session: Promise<SqlSession> | null = null;
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(
    private readonly database: Database,
    private readonly openSession: () => Promise<SqlSession>,
    private readonly log: FastifyBaseLogger,
  ) {}

  newLock(id: string): Lock {
    return new PostgresUploadLock(this, id);
  }

  private connection(): Promise<SqlSession> {
    this.listening ??= this.database.sql.listen(RELEASE_CHANNEL, (id) => void this.holders.get(id)?.());
    this.session ??= this.openSession().then(
      (session) => {
        session.onLost((error) => {
          this.log.warn({ err: error }, 'upload lock connection lost; ending the requests that held a lock');
          this.session = null;
          for (const release of this.holders.values()) void release();
        });
        return session;
      },
      (error: unknown) => {
        this.session = null;
        throw error;
      },
    );
    return this.session;
  }

  async tryLock(id: string): Promise<boolean> {
    await this.listening;
    const session = await this.connection();
    const [row] = await session.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [LOCK_CLASS, id]);
    return row?.ok === true;
  }

  async unlock(id: string): Promise<void> {
    try {
      const session = await this.connection();
      await session.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, id]);
    } finally {
      this.holders.delete(id);
    }
  }

  async askRelease(id: string): Promise<void> {
    const local = this.holders.get(id);
    if (local) await local();
    else await this.database.sql.query('SELECT pg_notify(portal_channel($1), $2)', [RELEASE_CHANNEL, id]);
  }

  async close(): Promise<void> {
    const [session, stop] = [this.session, this.listening];
    this.session = null;
    this.listening = null;
    await (await session?.catch(() => null))?.close();
    await (await stop?.catch(() => null))?.();
  }
}

class PostgresUploadLock implements Lock {
  constructor(
    private readonly locker: PostgresUploadLocker,
    private readonly id: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { locker, id } = this;
    const deadline = Date.now() + TIMEOUT_MS;
    let askedAt = 0;
    for (;;) {
      if (signal.aborted) throw ERRORS.ABORTED;
      // One request of this instance at a time tries the database for an upload: a session's advisory locks are
      // re-entrant, so a second try through the same connection would succeed beside the first.
      if (!locker.holders.has(id)) {
        locker.holders.set(id, requestRelease);
        const locked = await locker.tryLock(id).catch((error: unknown) => {
          locker.holders.delete(id);
          throw error;
        });
        if (locked) return;
        locker.holders.delete(id);
      }
      if (Date.now() - askedAt >= ASK_AGAIN_MS) {
        askedAt = Date.now();
        await locker.askRelease(id);
      }
      if (Date.now() >= deadline) throw BUSY;
      await sleep(RETRY_MS, undefined, { signal }).catch(() => undefined);
    }
  }

  async unlock(): Promise<void> {
    await this.locker.unlock(this.id);
  }
}

const memoryLockers = new WeakMap<Database, MemoryLocker>();

/**
 * The upload locker of a database: advisory locks on PostgreSQL; with the embedded database, which one process
 * owns, tus's in-memory lock (one per database, so apps sharing it in one process share it too).
 */
export function uploadLocker(database: Database, log: FastifyBaseLogger): Locker & { close?: () => Promise<void> } {
  if (database.openSession) return new PostgresUploadLocker(database, database.openSession, log);
  let locker = memoryLockers.get(database);
  if (!locker) {
    locker = new MemoryLocker();
    memoryLockers.set(database, locker);
  }
  return locker;
}
