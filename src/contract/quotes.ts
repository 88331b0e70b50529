import { z } from 'zod';

/**
 * The quote document: what the freelancer sends the client in answer to an RFP. Every amount is
 * integer minor units of the quote's currency and is computed by code (quote-totals.ts) from
 * quantities and rates; nothing in the document stores a line, milestone or total amount, so the
 * model that drafts the sections can never write one.
 */

export const QUOTE_STATUSES = [
  'draft',
  'sent',
  'viewed',
  'accepted',
  'declined',
  'expired',
] as const;
export const quoteStatusSchema = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof quoteStatusSchema>;

/** Statuses still waiting for the client: these become 'expired' once the validity date passes. */
export const OPEN_QUOTE_STATUSES: readonly QuoteStatus[] = ['draft', 'sent', 'viewed'];

/** A 3-letter ISO 4217 code such as USD, JPY or KWD. */
export const quoteCurrencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, { message: 'currency must be a 3-letter ISO code such as USD' });

/** A calendar day, YYYY-MM-DD (validity and due dates are days, not instants). */
export const quoteDateSchema = z.iso.date();

/**
 * Largest rate or fixed discount, in minor units, and largest quantity on one line: with at most
 * 200 lines and 100 % tax every total stays a safe integer in a JavaScript number.
 */
export const QUOTE_AMOUNT_MAX = 1_000_000_000;
export const QUOTE_QUANTITY_MAX = 10_000;
/** 100 % in basis points (1 % = 100). */
export const BASIS_POINTS_FULL = 10_000;

const idSchema = z.string().trim().min(1).max(64);
const shortText = z.string().max(300);
const sectionText = z.string().max(20_000);
const minorAmount = z.number().int().min(0).max(QUOTE_AMOUNT_MAX);
const requirementIds = z.array(idSchema).max(50).default([]);

/** A requirement found in the RFP, with the sentence (or bullet line) it came from. */
export const quoteRequirementSchema = z.object({
  id: idSchema,
  text: z.string().min(1).max(1_000),
  sentence: z.string().min(1).max(2_000),
});
export type QuoteRequirement = z.infer<typeof quoteRequirementSchema>;

/** A scope entry or assumption; `requirementIds` names the RFP requirements it answers. */
export const quoteTracedItemSchema = z.object({
  text: z.string().trim().min(1).max(2_000),
  requirementIds,
});
export type QuoteTracedItem = z.infer<typeof quoteTracedItemSchema>;

export const quoteDeliverableSchema = z.object({
  id: idSchema,
  title: shortText.min(1),
  description: z.string().max(2_000).default(''),
});
export type QuoteDeliverable = z.infer<typeof quoteDeliverableSchema>;

export const quoteMilestoneSchema = z.object({
  id: idSchema,
  name: shortText.min(1),
  durationDays: z.number().int().min(0).max(3_650),
  /** The deliverables this milestone closes. */
  deliverableIds: z.array(idSchema).max(100).default([]),
  /** The line items whose work this milestone covers; their hours weigh its share of the total. */
  lineItemIds: z.array(idSchema).max(200).default([]),
  dueDate: quoteDateSchema.optional(),
});
export type QuoteMilestone = z.infer<typeof quoteMilestoneSchema>;

export const QUOTE_LINE_KINDS = ['role', 'task'] as const;
export const QUOTE_LINE_UNITS = ['hours', 'units'] as const;

/** Quantities are kept to two decimals (0.25 h, 1.5 h) so quantity x rate stays exact. */
const quantitySchema = z
  .number()
  .min(0)
  .max(QUOTE_QUANTITY_MAX)
  .refine(hasTwoDecimalsAtMost, { message: 'quantity takes at most two decimals' });

function hasTwoDecimalsAtMost(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

export const quoteLineItemSchema = z.object({
  id: idSchema,
  /** The role ("Senior React developer") or task ("Checkout page") the line prices. */
  label: shortText.min(1),
  kind: z.enum(QUOTE_LINE_KINDS).default('task'),
  description: z.string().max(2_000).default(''),
  quantity: quantitySchema,
  unit: z.enum(QUOTE_LINE_UNITS).default('hours'),
  /** Price of one hour or unit, in minor units of the quote's currency. */
  rateMinor: minorAmount,
  /** Optional lines are priced but count only when the client ticks them. */
  optional: z.boolean().default(false),
  /** Ticked by the client on the share page (meaningful for optional lines only). */
  selected: z.boolean().default(false),
  requirementIds,
});
export type QuoteLineItem = z.infer<typeof quoteLineItemSchema>;

/** A line as the model proposes it: hours and words, never a rate or an amount. */
export const quoteModelLineItemSchema = quoteLineItemSchema.omit({
  rateMinor: true,
  selected: true,
});
export type QuoteModelLineItem = z.infer<typeof quoteModelLineItemSchema>;

export const quoteDiscountSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('percent'),
    basisPoints: z.number().int().min(0).max(BASIS_POINTS_FULL),
  }),
  z.object({ kind: z.literal('amount'), amountMinor: minorAmount }),
]);
export type QuoteDiscount = z.infer<typeof quoteDiscountSchema>;

export const quoteRiskSchema = z.object({
  risk: z.string().trim().min(1).max(1_000),
  mitigation: z.string().max(1_000),
});
export type QuoteRisk = z.infer<typeof quoteRiskSchema>;

/** The written sections: what the quote agent drafts (and the offline engine fills). */
export const quoteSectionsSchema = z.object({
  title: shortText.min(1),
  clientName: shortText,
  summary: sectionText,
  understanding: sectionText,
  scope: z.object({
    in: z.array(quoteTracedItemSchema).max(200),
    out: z.array(quoteTracedItemSchema).max(200),
  }),
  deliverables: z.array(quoteDeliverableSchema).max(100),
  milestones: z.array(quoteMilestoneSchema).max(50),
  assumptions: z.array(quoteTracedItemSchema).max(200),
  risks: z.array(quoteRiskSchema).max(50),
  timeline: sectionText,
  terms: sectionText,
});
export type QuoteSections = z.infer<typeof quoteSectionsSchema>;

export const quoteDocumentSchema = quoteSectionsSchema
  .extend({
    status: quoteStatusSchema,
    currency: quoteCurrencySchema,
    validUntil: quoteDateSchema,
    lineItems: z.array(quoteLineItemSchema).max(200),
    discount: quoteDiscountSchema.nullable(),
    /** Tax on the discounted subtotal, in basis points (20 % = 2000). */
    taxBasisPoints: z.number().int().min(0).max(BASIS_POINTS_FULL),
  })
  .superRefine((quote, ctx) => {
    const lineIds = new Set<string>();
    quote.lineItems.forEach((line, index) => {
      if (lineIds.has(line.id)) {
        ctx.addIssue({ code: 'custom', path: ['lineItems', index, 'id'], message: 'duplicate id' });
      }
      lineIds.add(line.id);
    });
    const deliverableIds = new Set(quote.deliverables.map((d) => d.id));
    quote.milestones.forEach((milestone, index) => {
      for (const id of milestone.deliverableIds) {
        if (!deliverableIds.has(id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['milestones', index, 'deliverableIds'],
            message: `unknown deliverable ${id}`,
          });
        }
      }
      for (const id of milestone.lineItemIds) {
        if (!lineIds.has(id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['milestones', index, 'lineItemIds'],
            message: `unknown line item ${id}`,
          });
        }
      }
    });
  });
export type QuoteDocument = z.infer<typeof quoteDocumentSchema>;
export type QuoteDocumentInput = z.input<typeof quoteDocumentSchema>;

/**
 * The status a reader should see: an open quote whose validity date has passed reads 'expired'
 * (the date is the last valid day, in UTC); accepted and declined quotes keep their status.
 */
export function effectiveQuoteStatus(
  quote: Pick<QuoteDocument, 'status' | 'validUntil'>,
  now: Date,
): QuoteStatus {
  if (!OPEN_QUOTE_STATUSES.includes(quote.status)) return quote.status;
  const today = now.toISOString().slice(0, 10);
  return today > quote.validUntil ? 'expired' : quote.status;
}
