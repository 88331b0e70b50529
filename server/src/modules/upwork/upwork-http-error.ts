import { HttpError } from '../../http-error.ts';
import { UpworkError } from '../../integrations/upwork/errors.ts';

/** Any failure of an Upwork call, as the API error the caller sees. */
export function toUpworkHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof UpworkError) {
    switch (error.kind) {
      case 'not_configured':
        return new HttpError(503, 'upwork_not_configured', error.message);
      case 'rate_limited':
        return new HttpError(429, 'rate_limited', error.message, {
          retryAfterSeconds: error.retryAfterSeconds,
        });
      case 'invalid_grant':
      case 'unauthorized':
        return new HttpError(409, 'upwork_needs_reauth', error.message);
      case 'scope':
        return new HttpError(409, 'upwork_missing_scope', error.message);
      default:
        return new HttpError(502, 'upwork_unavailable', error.message);
    }
  }
  return new HttpError(
    502,
    'upwork_unavailable',
    'Upwork could not be reached. Try again in a minute.',
  );
}
