import { z } from 'zod';

import { moneyTotalsSchema, resolvedRangeSchema } from './analytics-range.ts';
import { quoteStatusSchema } from './quotes.ts';

/**
 * GET /api/analytics/quotes?from=&to=&tz=: the quotes created in a period and how clients
 * answered them. A quote counts once at every status it ever reached (from its status history),
 * so an accepted quote also counts as sent and viewed.
 *
 * Acceptance rate = accepted / decided (accepted + declined + expired); null before any decision.
 * Time to decision: from the first send to the acceptance or decline, in hours.
 */

export const quoteStatusCountSchema = z.object({
  status: quoteStatusSchema,
  /** Quotes of the period that ever reached this status. */
  reached: z.number().int(),
  /** Quotes of the period whose status is this one now. */
  current: z.number().int(),
  /** Total value of the quotes whose status is this one now, per currency. */
  value: moneyTotalsSchema,
});
export type QuoteStatusCount = z.infer<typeof quoteStatusCountSchema>;

export const quoteTemplateRowSchema = z.object({
  /** 'none' for quotes written without a template. */
  key: z.string(),
  label: z.string(),
  created: z.number().int(),
  sent: z.number().int(),
  accepted: z.number().int(),
  acceptanceRate: z.number().nullable(),
  /** Total value of the template's quotes, per currency. */
  value: moneyTotalsSchema,
  acceptedValue: moneyTotalsSchema,
});
export type QuoteTemplateRow = z.infer<typeof quoteTemplateRowSchema>;

/** An optional line as clients answered it: offered in accepted quotes, and how often ticked. */
export const optionalItemRowSchema = z.object({
  label: z.string(),
  offered: z.number().int(),
  ticked: z.number().int(),
  tickRate: z.number().nullable(),
});
export type OptionalItemRow = z.infer<typeof optionalItemRowSchema>;

export const quoteAnalyticsSchema = z.object({
  range: resolvedRangeSchema,
  totals: z.object({
    created: z.number().int(),
    sent: z.number().int(),
    viewed: z.number().int(),
    accepted: z.number().int(),
    declined: z.number().int(),
    expired: z.number().int(),
    acceptanceRate: z.number().nullable(),
    /** Previous period's acceptance rate, for comparison. */
    previousAcceptanceRate: z.number().nullable(),
    totalValue: moneyTotalsSchema,
    averageValue: moneyTotalsSchema,
    acceptedValue: moneyTotalsSchema,
    /** Hours from send to decision: median and mean, null before any decision. */
    medianHoursToDecision: z.number().nullable(),
    meanHoursToDecision: z.number().nullable(),
  }),
  byStatus: z.array(quoteStatusCountSchema),
  byTemplate: z.array(quoteTemplateRowSchema),
  optionalItems: z.array(optionalItemRowSchema),
});
export type QuoteAnalytics = z.infer<typeof quoteAnalyticsSchema>;
