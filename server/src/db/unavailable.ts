/**
 * Whether an error means the database cannot be reached right now (restarting, refusing
 * connections, a connection cut mid-query), as opposed to a query that is wrong. Such a request
 * answers 503 with Retry-After: the caller should try again, nothing is broken for good.
 */
const UNREACHABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a server that is shutting down, starting up or out of connections. */
const UNAVAILABLE_SQLSTATE = new Set(['57P01', '57P02', '57P03', '53300']);

/** Messages node-postgres gives when a pooled connection dies or none can be had in time. */
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed',
];

const MAX_CAUSE_DEPTH = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string') {
      if (UNREACHABLE_ERRNO.has(code) || UNAVAILABLE_SQLSTATE.has(code)) return true;
      // Class 08: connection exceptions.
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (
      typeof message === 'string' &&
      UNREACHABLE_MESSAGES.some((known) => message.includes(known))
    ) {
      return true;
    }
    current = cause;
  }
  return false;
}
