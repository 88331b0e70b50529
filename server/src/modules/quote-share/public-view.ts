import type { PublicQuote } from '#contract/quote-share';
import { effectiveQuoteStatus } from '#contract/quotes';
import { lineAmountMinor, milestoneAmounts, quoteTotals } from '#contract/quote-totals';

import type { QuoteRow, QuoteSignatureRow } from '../../db/schema/quotes.ts';
import { markdownToSafeHtml } from './markdown-html.ts';
import { canRespond } from './service.ts';

/**
 * The quote as its client reads it on the share page. Built field by field from the document, so
 * nothing private (requirement ids, the RFP, the owner's ids or email) can slip through.
 */
export function toPublicQuote(
  quote: QuoteRow,
  signature: QuoteSignatureRow | undefined,
  freelancer: { name: string; title: string },
  now: Date,
): PublicQuote {
  const document = quote.document;
  const totals = quoteTotals(document);
  const deliverableTitles = new Map(document.deliverables.map((d) => [d.id, d.title] as const));
  const amounts = milestoneAmounts(document, totals);
  return {
    title: document.title,
    clientName: document.clientName,
    freelancer,
    status: effectiveQuoteStatus({ status: quote.status, validUntil: quote.validUntil }, now),
    currency: document.currency,
    validUntil: document.validUntil,
    sections: {
      summary: markdownToSafeHtml(document.summary),
      understanding: markdownToSafeHtml(document.understanding),
      timeline: markdownToSafeHtml(document.timeline),
      terms: markdownToSafeHtml(document.terms),
    },
    scope: {
      in: document.scope.in.map((item) => item.text),
      out: document.scope.out.map((item) => item.text),
    },
    deliverables: document.deliverables.map((d) => ({
      title: d.title,
      description: d.description,
    })),
    milestones: document.milestones.map((milestone, index) => ({
      name: milestone.name,
      durationDays: milestone.durationDays,
      dueDate: milestone.dueDate ?? null,
      amountMinor: amounts[index]?.amountMinor ?? 0,
      lineItemIds: milestone.lineItemIds,
      deliverables: milestone.deliverableIds.flatMap((id) => deliverableTitles.get(id) ?? []),
    })),
    lineItems: document.lineItems.map((line) => ({
      id: line.id,
      label: line.label,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      rateMinor: line.rateMinor,
      amountMinor: lineAmountMinor(line),
      optional: line.optional,
      selected: line.optional ? line.selected : true,
    })),
    discount: document.discount,
    taxBasisPoints: document.taxBasisPoints,
    totals: {
      subtotalMinor: totals.subtotalMinor,
      discountMinor: totals.discountMinor,
      taxMinor: totals.taxMinor,
      totalMinor: totals.totalMinor,
    },
    assumptions: document.assumptions.map((item) => item.text),
    risks: document.risks.map((r) => ({ risk: r.risk, mitigation: r.mitigation })),
    acceptance:
      signature?.decision === 'accepted'
        ? {
            name: signature.name,
            acceptedAt: signature.createdAt.toISOString(),
            totalMinor: signature.totalMinor,
          }
        : null,
    decline:
      signature?.decision === 'declined'
        ? { reason: signature.reason, declinedAt: signature.createdAt.toISOString() }
        : null,
    canRespond: !signature && canRespond(quote, now),
  };
}
