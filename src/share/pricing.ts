import type { PublicQuote } from '@/contract/quote-share';
import { milestoneAmounts, quoteTotals, type QuoteTotals } from '@/contract/quote-totals';

/** The quote's amounts for the client's current ticks, computed the same way the server does. */
function pricingInput(quote: PublicQuote, selected: ReadonlySet<string>) {
  return {
    lineItems: quote.lineItems.map((line) => ({
      id: line.id,
      quantity: line.quantity,
      rateMinor: line.rateMinor,
      optional: line.optional,
      selected: line.optional && selected.has(line.id),
    })),
    discount: quote.discount,
    taxBasisPoints: quote.taxBasisPoints,
    milestones: quote.milestones.map((milestone, index) => ({
      id: String(index),
      name: milestone.name,
      durationDays: milestone.durationDays,
      lineItemIds: milestone.lineItemIds,
      dueDate: milestone.dueDate ?? undefined,
    })),
  };
}

export function totalsFor(quote: PublicQuote, selected: ReadonlySet<string>): QuoteTotals {
  return quoteTotals(pricingInput(quote, selected));
}

export function milestoneAmountsFor(quote: PublicQuote, selected: ReadonlySet<string>): number[] {
  return milestoneAmounts(pricingInput(quote, selected)).map((m) => m.amountMinor);
}
