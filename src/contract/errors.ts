import { z } from 'zod';

/** The one error shape every API route answers with: a code to branch on, a message for people. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Codes a client may branch on. Messages are for people; codes are for code. */
export const ERROR_CODES = {
  unauthenticated: 'unauthenticated',
  tokenExpired: 'token_expired',
  tokenRevoked: 'token_revoked',
  userDisabled: 'user_disabled',
  forbidden: 'forbidden',
  moduleNotEnabled: 'module_not_enabled',
  notFound: 'not_found',
  validation: 'validation_failed',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  unavailable: 'service_unavailable',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
