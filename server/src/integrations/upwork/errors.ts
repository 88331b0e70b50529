/**
 * Failures from Upwork, by kind, so callers can decide: refresh (unauthorized), wait
 * (rate_limited), ask a human (scope, invalid_grant) or report (graphql, server, network).
 * Messages are written for the user; they never contain tokens.
 */
export type UpworkErrorKind =
  | 'unauthorized'
  | 'invalid_grant'
  | 'rate_limited'
  | 'scope'
  | 'graphql'
  | 'server'
  | 'network'
  | 'not_configured';

export class UpworkError extends Error {
  constructor(
    readonly kind: UpworkErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'UpworkError';
  }
}

/** Upwork answers a missing scope with HTTP 200 and this kind of message (docs/upwork.md). */
export const SCOPE_ERROR_PATTERN = /(oauth2? permissions|scopes? to access|not enough .*scope)/i;

/** The scopes Browse Jobs needs; other operations name their own. */
const JOB_SCOPES = '"Common Entities - Read-Only Access" and "Read marketplace Job Postings"';

export function scopeErrorMessage(raw: string, scopes: string = JOB_SCOPES): string {
  // The text between the first "[" and the "]" after it, found by hand: a pattern would retry
  // from every "[" of a long run.
  const open = raw.indexOf('[');
  const close = open < 0 ? -1 : raw.indexOf(']', open + 1);
  const fields = close < 0 ? undefined : raw.slice(open + 1, close);
  return (
    'Your Upwork API key lacks a permission this needs' +
    (fields ? ` (fields: ${fields.slice(0, 200)})` : '') +
    `. In the Upwork API Center, add the scopes ${scopes} to the key, ` +
    'then disconnect and connect Upwork again ' +
    '(changing scopes invalidates the old tokens).'
  );
}
