import { apiErrorSchema } from '@/contract/errors';

/**
 * The message of an API error answer (`{ error: { message } }`) from an RTK Query failure, or
 * `fallback` when the failure carries none (network down, HTML from a proxy).
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (typeof error !== 'object' || error === null || !('data' in error)) return fallback;
  const parsed = apiErrorSchema.safeParse((error as { data: unknown }).data);
  return parsed.success && parsed.data.error.message ? parsed.data.error.message : fallback;
}
