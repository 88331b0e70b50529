import { apiRefusalOf } from '@/machines/api-refusal';

/** Said on the sign-in page when the API is limiting requests from this address or account. */
export const RATE_LIMITED_REASON =
  'Too many attempts from this network. Wait a minute and sign in again.';

/**
 * Turns an RTK Query error from GET /api/users into an Error with a useful message, noting when
 * HTML came back instead of JSON (usually PUBLIC_API_URL pointing at the SPA server). A refusal
 * (401, 403) rides along as `refusal`, so the session can end on the sign-in page with its reason.
 * A 429 here ends the session too: without the user record the app cannot know the role, and a
 * signed-in screen without one would wrongly say "Access Denied".
 */
export function describeBackendUserError(error: unknown): Error {
  const described = describe(error);
  const refusal = apiRefusalOf(error) ?? rateLimitRefusal(error);
  return refusal ? Object.assign(described, { refusal }) : described;
}

function rateLimitRefusal(error: unknown) {
  if (typeof error !== 'object' || error === null || (error as { status?: unknown }).status !== 429)
    return null;
  return { kind: 'signedOut' as const, code: 'rate_limited', reason: RATE_LIMITED_REASON };
}

function describe(error: unknown): Error {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status, data, originalStatus } = error as {
      status: unknown;
      data?: unknown;
      originalStatus?: unknown;
    };
    if (status === 'PARSING_ERROR' && typeof data === 'string' && /^\s*</.test(data)) {
      return new Error(
        `The API answered with HTML instead of JSON (HTTP ${String(originalStatus)}); check the API address (PUBLIC_API_URL).`,
      );
    }
    if (status === 'FETCH_ERROR') return new Error('The API could not be reached.');
    const apiMessage =
      typeof data === 'object' && data !== null && 'error' in data
        ? (data as { error?: { message?: unknown } }).error?.message
        : undefined;
    return new Error(
      `GET /api/users failed with ${String(status)}${typeof apiMessage === 'string' ? `: ${apiMessage}` : ''}`,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}
