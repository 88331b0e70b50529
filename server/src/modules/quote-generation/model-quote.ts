import { quoteDocumentSchema, type QuoteDocument } from '#contract/quotes';

import type { ModelQuote } from '../../ai/quote-agent.ts';

/**
 * The model's sections and hour lines as a quote document: every line gets the freelancer's rate
 * (the model never sets one), duplicate line ids are renumbered, milestones keep only the lines and
 * deliverables that exist, and the status, currency, validity, discount and tax are code's. Null
 * when the result is still not a valid document.
 */
export function documentFromModel(
  quote: ModelQuote,
  pricing: { rateMinor: number; currency: string; validUntil: string },
): QuoteDocument | null {
  const seen = new Set<string>();
  const lineItems = quote.lineItems.map((line, index) => {
    const id = seen.has(line.id) ? `line-${index + 1}-${seen.size}` : line.id;
    seen.add(id);
    return { ...line, id, rateMinor: pricing.rateMinor, selected: false };
  });
  const deliverableIds = new Set(quote.deliverables.map((deliverable) => deliverable.id));
  const milestones = quote.milestones.map((milestone) => ({
    ...milestone,
    deliverableIds: milestone.deliverableIds.filter((id) => deliverableIds.has(id)),
    lineItemIds: milestone.lineItemIds.filter((id) => seen.has(id)),
  }));
  const parsed = quoteDocumentSchema.safeParse({
    ...quote,
    milestones,
    lineItems,
    status: 'draft',
    currency: pricing.currency,
    validUntil: pricing.validUntil,
    discount: null,
    taxBasisPoints: 0,
  });
  return parsed.success ? parsed.data : null;
}
