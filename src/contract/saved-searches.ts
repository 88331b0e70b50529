import { z } from 'zod';

import { jobFiltersSchema } from './jobs.ts';

/** Saved searches of Browse Jobs: their filters, alerts and webhooks. */
/** Longest webhook URL a saved search accepts. */
export const WEBHOOK_URL_MAX_LENGTH = 2000;

/**
 * A Slack incoming webhook or a Telegram bot sendMessage URL. The server also requires https
 * (unless it allows private addresses for tests) and refuses internal addresses.
 */
export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, { message: 'Paste the webhook URL' })
  .max(WEBHOOK_URL_MAX_LENGTH, {
    message: `The webhook URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
  })
  .pipe(
    z.url({
      protocol: /^https?$/,
      message: 'Enter the full webhook URL, starting with https://',
    }),
  );

/** The owner's view of a search's webhook: where it goes (host only) and how the last post went. */
export const savedSearchWebhookSchema = z.object({
  /** The host and an ellipsis: the path holds the secret and is never sent back. */
  masked: z.string(),
  lastDeliveryAt: z.iso.datetime().nullable(),
  /** Why the last delivery failed; null when it went through or none was tried. */
  lastDeliveryError: z.string().nullable(),
});
export type SavedSearchWebhook = z.infer<typeof savedSearchWebhookSchema>;

export const webhookTestResultSchema = z.object({
  delivered: z.literal(true),
  status: z.number().int(),
  at: z.iso.datetime(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

export const savedSearchSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  filters: jobFiltersSchema,
  alert: z.boolean(),
  webhook: savedSearchWebhookSchema.nullable(),
  lastCheckedAt: z.iso.datetime().nullable(),
  lastMatchAt: z.iso.datetime().nullable(),
  newMatches: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

const savedSearchName = z
  .string()
  .trim()
  .min(1, { message: 'Give the search a name' })
  .max(120, { message: 'The name must be at most 120 characters' });

export const createSavedSearchBodySchema = z.strictObject({
  name: savedSearchName,
  filters: jobFiltersSchema,
  alert: z.boolean().default(false),
  webhookUrl: webhookUrlSchema.optional(),
});
export type CreateSavedSearchBody = z.input<typeof createSavedSearchBodySchema>;

export const updateSavedSearchBodySchema = z
  .strictObject({
    name: savedSearchName.optional(),
    filters: jobFiltersSchema.optional(),
    alert: z.boolean().optional(),
    /** A new webhook URL, or null to remove it. */
    webhookUrl: webhookUrlSchema.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: 'Send at least one of name, filters, alert, webhookUrl',
  });
export type UpdateSavedSearchBody = z.infer<typeof updateSavedSearchBodySchema>;

export const savedSearchIdParamsSchema = z.strictObject({
  id: z.uuid({ message: 'Saved search id must be a UUID' }),
});
