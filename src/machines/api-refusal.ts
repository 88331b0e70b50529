import type { ErrorCode } from '@/contract/errors';
import type { Module } from '@/contract/user';

// Type-only imports: the contract's values come with zod, which the sign-in route does without.
const UNAUTHENTICATED = 'unauthenticated' satisfies ErrorCode;
const USER_DISABLED = 'user_disabled' satisfies ErrorCode;
const MODULE_NOT_ENABLED = 'module_not_enabled' satisfies ErrorCode;
const FORBIDDEN = 'forbidden' satisfies ErrorCode;
const KNOWN_MODULES: readonly string[] = [
  'response',
  'proposal',
  'upwork',
  'portfolio',
] satisfies Module[];

/**
 * What an API refusal means for the session. Pure: it reads the plain error shape RTK Query gives
 * (`{ status, data }`, data being the API's `{ error: { code, message } }`), so machines can use it.
 */
export type ApiRefusal =
  /** 401: the API no longer accepts this sign-in; `reason` is what the sign-in page tells the user. */
  | { kind: 'signedOut'; code: string; reason: string }
  /** 403 module_not_enabled; `module` when the answer names one the app knows. */
  | { kind: 'moduleNotEnabled'; module: string | null }
  /** 403 forbidden: the user's role does not allow it. */
  | { kind: 'forbidden' };

/** Why the sign-in page is shown after the API refused an expired, revoked or unknown session. */
export const SESSION_ENDED_REASON = 'Your session has ended. Sign in again.';
/** Why the sign-in page is shown after the API refused a disabled account. */
export const ACCOUNT_DISABLED_REASON = 'This account is disabled. Contact your administrator.';

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

function apiErrorBody(data: unknown): { code: string; message: string; details: unknown } | null {
  const error = asRecord(asRecord(data)?.error);
  if (!error || typeof error.code !== 'string') return null;
  return {
    code: error.code,
    message: typeof error.message === 'string' ? error.message : '',
    details: error.details,
  };
}

/** The module a module_not_enabled answer is about: its details, else the quoted name in its message. */
function refusedModule(details: unknown, message: string): string | null {
  const fromDetails = asRecord(details)?.module;
  const named =
    typeof fromDetails === 'string' ? fromDetails : (/'([a-z_]+)'/.exec(message)?.[1] ?? null);
  return named !== null && KNOWN_MODULES.includes(named) ? named : null;
}

/** The refusal an HTTP status and error body stand for, or null for any other answer. */
export function classifyApiRefusal(status: unknown, data: unknown): ApiRefusal | null {
  const body = apiErrorBody(data);
  if (status === 401) {
    const code = body?.code ?? UNAUTHENTICATED;
    // The server words a disabled account for people; every other 401 means the session is over.
    const reason =
      code === USER_DISABLED
        ? body?.message.trim() || ACCOUNT_DISABLED_REASON
        : SESSION_ENDED_REASON;
    return { kind: 'signedOut', code, reason };
  }
  if (status === 403 && body?.code === MODULE_NOT_ENABLED) {
    return { kind: 'moduleNotEnabled', module: refusedModule(body.details, body.message) };
  }
  if (status === 403 && body?.code === FORBIDDEN) return { kind: 'forbidden' };
  return null;
}

/**
 * The refusal carried by an error: an RTK Query error (`{ status, data }`) or an Error that carries
 * one as `refusal` (the backend user loader wraps its errors that way).
 */
export function apiRefusalOf(error: unknown): ApiRefusal | null {
  const record = asRecord(error);
  if (!record) return null;
  const carried = asRecord(record.refusal);
  if (carried && typeof carried.kind === 'string') return carried as ApiRefusal;
  if ('status' in record) return classifyApiRefusal(record.status, record.data);
  return null;
}
