import { apiErrorSchema } from '@/contract/errors';

/**
 * What went wrong with an admin action, in the API's own words when it sent some (such as
 * "You cannot disable your own account."), else `fallback`.
 */
export function adminErrorMessage(error: unknown, fallback: string): string {
  if (typeof error !== 'object' || error === null || !('data' in error)) return fallback;
  const parsed = apiErrorSchema.safeParse((error as { data: unknown }).data);
  return parsed.success && parsed.data.error.message ? parsed.data.error.message : fallback;
}
