/**
 * Whether an error means the database cannot be reached right now (down, restarting, connection
 * lost), as opposed to a failed query. Such requests get 503 UNAVAILABLE with a message saying
 * so, and succeed again once the database is back (node-postgres reconnects per query).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (unavailableSqlStates.has(code) || code.startsWith('08') || networkCodes.has(code))) {
      return true;
    }
    if (typeof message === 'string' && lostConnectionMessages.some((text) => message.includes(text))) return true;
  }
  return false;
}

/** admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down, recovering). */
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03']);
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
/** What node-postgres says when a connection dies under a query or never opens. */
const lostConnectionMessages = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
];

export const databaseUnavailableMessage = 'The database is unavailable at the moment. Please try again shortly.';
