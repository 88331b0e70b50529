import { z } from 'zod';

import { quoteDiscountSchema, quoteStatusSchema } from './quotes.ts';

/**
 * The public share page's API (/api/public/quotes/{token}): what a client without an account reads
 * and sends. It carries only what the client is meant to see: no ids of the freelancer, no
 * requirements, no RFP text, no email. Written sections arrive as sanitised HTML rendered by the
 * server from the quote's markdown.
 */

export const publicLineItemSchema = z.object({
  /** The line's id inside the document, used to tick optional lines. */
  id: z.string(),
  label: z.string(),
  description: z.string(),
  quantity: z.number(),
  unit: z.enum(['hours', 'units']),
  rateMinor: z.number().int(),
  amountMinor: z.number().int(),
  optional: z.boolean(),
  selected: z.boolean(),
});
export type PublicLineItem = z.infer<typeof publicLineItemSchema>;

export const publicMilestoneSchema = z.object({
  name: z.string(),
  durationDays: z.number().int(),
  dueDate: z.string().nullable(),
  amountMinor: z.number().int(),
  /** The lines whose work the milestone covers (its share of the total follows their hours). */
  lineItemIds: z.array(z.string()),
  /** Titles of the deliverables the milestone closes. */
  deliverables: z.array(z.string()),
});
export type PublicMilestone = z.infer<typeof publicMilestoneSchema>;

export const publicTotalsSchema = z.object({
  subtotalMinor: z.number().int(),
  discountMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
});
export type PublicTotals = z.infer<typeof publicTotalsSchema>;

export const publicQuoteSchema = z.object({
  title: z.string(),
  clientName: z.string(),
  freelancer: z.object({ name: z.string(), title: z.string() }),
  /** Effective: an open quote past its validity date reads 'expired'. */
  status: quoteStatusSchema,
  currency: z.string(),
  validUntil: z.string(),
  /** Sanitised HTML. */
  sections: z.object({
    summary: z.string(),
    understanding: z.string(),
    timeline: z.string(),
    terms: z.string(),
  }),
  scope: z.object({ in: z.array(z.string()), out: z.array(z.string()) }),
  deliverables: z.array(z.object({ title: z.string(), description: z.string() })),
  milestones: z.array(publicMilestoneSchema),
  lineItems: z.array(publicLineItemSchema),
  discount: quoteDiscountSchema.nullable(),
  taxBasisPoints: z.number().int(),
  totals: publicTotalsSchema,
  assumptions: z.array(z.string()),
  risks: z.array(z.object({ risk: z.string(), mitigation: z.string() })),
  acceptance: z
    .object({ name: z.string(), acceptedAt: z.iso.datetime(), totalMinor: z.number().int() })
    .nullable(),
  decline: z.object({ reason: z.string(), declinedAt: z.iso.datetime() }).nullable(),
  /** False once accepted, declined or expired: the page shows no forms. */
  canRespond: z.boolean(),
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

/** Any string: a malformed token answers the same 404 as a wrong one, after the same lookup. */
export const shareTokenParamsSchema = z.strictObject({ token: z.string().max(200) });
export const shareViewParamsSchema = z.strictObject({
  token: z.string().max(200),
  viewId: z.uuid(),
});

export const recordViewBodySchema = z.strictObject({});
export const recordedViewSchema = z.object({ viewId: z.uuid() });

/** A view's time on the page so far, sent with navigator.sendBeacon when the page is hidden. */
export const VIEW_SECONDS_MAX = 86_400;
export const viewDurationBodySchema = z.strictObject({
  seconds: z.number().int().min(0).max(VIEW_SECONDS_MAX),
});

const selectedLineIdsSchema = z.array(z.string().min(1).max(64)).max(200);

export const quoteSelectionBodySchema = z.strictObject({ selectedLineIds: selectedLineIdsSchema });
export const quoteSelectionSchema = z.object({
  selectedLineIds: z.array(z.string()),
  totals: publicTotalsSchema,
});

export const acceptQuoteBodySchema = z.strictObject({
  /** The typed signature. */
  name: z
    .string()
    .trim()
    .min(2, 'Type your full name (at least 2 characters).')
    .max(120, 'The name is longer than 120 characters.'),
  selectedLineIds: selectedLineIdsSchema.default([]),
});
export type AcceptQuoteBody = z.input<typeof acceptQuoteBodySchema>;

export const declineQuoteBodySchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1, 'Tell the sender why you decline (a few words are enough).')
    .max(2_000, 'The reason is longer than 2,000 characters.'),
});
export type DeclineQuoteBody = z.input<typeof declineQuoteBodySchema>;

/** The one answer for a wrong, malformed, revoked or expired link. */
export const SHARE_LINK_NOT_FOUND_MESSAGE =
  'This quote link is not valid. It may have been revoked or expired. Ask the sender for a new link.';
