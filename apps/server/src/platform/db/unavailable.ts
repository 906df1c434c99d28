/**
 * Whether an error means the database could not be reached (down, restarting, every connection ended), as opposed
 * to a query that is wrong: the first is answered 503 with Retry-After, and the request may be sent again.
 */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
// PostgreSQL's SQLSTATEs: class 08 (connection exception); 57P01 admin shutdown, 57P02 crash shutdown, 57P03
// cannot connect now (starting up or shutting down).
const SERVER_GOING_AWAY = new Set(['57P01', '57P02', '57P03']);
// node-postgres says these in words, without a code.
const DRIVER_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in its own (`cause`); look a few levels down.
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || SERVER_GOING_AWAY.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
