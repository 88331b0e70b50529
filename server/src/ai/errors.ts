import { APICallError, RetryError } from 'ai';

export type AiErrorCode =
  | 'ai_auth'
  | 'ai_rate_limited'
  | 'ai_timeout'
  | 'ai_unavailable'
  | 'ai_bad_output'
  | 'ai_refused'
  | 'ai_circuit_open';

/**
 * A provider failure in words a person can act on. Provider messages are never passed through:
 * some echo part of the API key or internal detail.
 */
export class AiError extends Error {
  constructor(
    readonly code: AiErrorCode,
    message: string,
    readonly status: number,
    readonly retryable: boolean,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'AiError';
  }
}

/** An AiError as it is; anything else becomes the generic "provider failed" one. */
export function asAiError(error: unknown): AiError {
  return error instanceof AiError
    ? error
    : new AiError('ai_unavailable', 'The AI provider failed to answer. Try again.', 502, true);
}

/** The provider asked to slow down, for `retryAfter` seconds when it said how long. */
export function rateLimited(retryAfter: number | null): AiError {
  return new AiError(
    'ai_rate_limited',
    `The AI provider is rate limiting requests. Try again${retryAfter ? ` in ${retryAfter} s` : ' in a minute'}.`,
    503,
    true,
    retryAfter,
  );
}

export function toAiError(error: unknown, timeoutMs: number): AiError {
  if (error instanceof AiError) return error;
  if (RetryError.isInstance(error)) return toAiError(error.lastError, timeoutMs);
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ?? 0;
    if (status === 401 || status === 403) {
      return new AiError(
        'ai_auth',
        'The AI provider rejected the API key. An admin can update it in Settings → Account → AI provider.',
        502,
        false,
      );
    }
    if (status === 429) return rateLimited(parseRetryAfter(error.responseHeaders));
    if (status >= 200 && status < 300) {
      // The provider accepted the request and the connection broke while the answer streamed.
      return new AiError(
        'ai_unavailable',
        'The connection to the AI provider broke off during the answer. Try again shortly.',
        503,
        true,
      );
    }
    if (status >= 500 || status === 0) {
      return new AiError(
        'ai_unavailable',
        'The AI provider is unavailable right now. Try again shortly.',
        503,
        true,
      );
    }
    return new AiError(
      'ai_unavailable',
      `The AI provider refused the request (HTTP ${status}).`,
      502,
      true,
    );
  }
  const name = error instanceof Error ? error.name : '';
  if (
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    (error instanceof Error && /timeout|timed out/i.test(error.message))
  ) {
    return new AiError(
      'ai_timeout',
      `The AI provider did not answer within ${Math.round(timeoutMs / 1000)} s. Try again.`,
      504,
      true,
    );
  }
  if (
    /JSONParseError|InvalidResponseData|TypeValidation|EmptyResponseBody|NoOutputGenerated/i.test(
      name,
    )
  ) {
    return new AiError(
      'ai_bad_output',
      'The AI provider sent a broken answer. Try again.',
      502,
      true,
    );
  }
  if (
    error instanceof Error &&
    /fetch failed|ECONNREFUSED|ECONNRESET|socket|terminated/i.test(
      `${error.message} ${String(error.cause)}`,
    )
  ) {
    return new AiError(
      'ai_unavailable',
      'Could not reach the AI provider. Try again shortly.',
      503,
      true,
    );
  }
  return new AiError('ai_unavailable', 'The AI provider failed to answer. Try again.', 502, true);
}

export function parseRetryAfter(headers: Record<string, string> | undefined): number | null {
  const value = headers?.['retry-after'];
  if (!value) return null;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - Date.now()) / 1000)) : null;
}
