import { parseRetryAfter, rateLimited } from './errors.ts';

/**
 * Longest wait a provider's 429 may ask for and still be retried within the same generation. The
 * AI SDK waits out any Retry-After under a minute before it retries, inside the generation's
 * timeout: a provider asking for 30 s would hold the user until the timeout and end as "did not
 * answer". Longer waits end the generation at once with the provider's own wait in the message.
 */
export const LONGEST_RETRY_WAIT_SECONDS = 3;

/** Wraps a provider `fetch`: a 429 asking for a long wait becomes a rate-limit error at once. */
export function failFastOnLongRateLimit(
  fetchImpl: typeof globalThis.fetch,
): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (response.status !== 429) return response;
    const retryAfter = parseRetryAfter({
      'retry-after': response.headers.get('retry-after') ?? '',
    });
    if (retryAfter === null || retryAfter <= LONGEST_RETRY_WAIT_SECONDS) return response;
    await response.body?.cancel().catch(() => undefined);
    throw rateLimited(retryAfter);
  };
}
