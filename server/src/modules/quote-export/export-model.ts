import {
  formatQuoteMoney,
  lineAmountMinor,
  lineIncluded,
  milestoneAmounts,
  quoteTotals,
} from '#contract/quote-totals';
import { BASIS_POINTS_FULL, type QuoteDocument } from '#contract/quotes';

import { markdownBlocks, type TextBlock } from './markdown-blocks.ts';

/**
 * What the PDF and the DOCX show, built once from the quote document: every amount computed by
 * the contract's totals (nothing trusts a stored amount), every amount and date already formatted,
 * and the markdown sections already split into blocks. Both writers lay out this model in the same
 * order under the same headings, so the two files say the same thing.
 */

export interface ExportFreelancer {
  name: string;
  title: string;
  email?: string;
}

export interface ExportLineItem {
  label: string;
  description: string;
  quantity: string;
  unit: string;
  rate: string;
  amount: string;
  optional: boolean;
  /** False for an optional line the client has not ticked: priced, not in the total. */
  included: boolean;
}

export interface ExportMilestone {
  name: string;
  amount: string;
  dueDate: string | null;
  durationDays: number;
  deliverables: string[];
}

export interface ExportTotalLine {
  label: string;
  amount: string;
}

export interface QuoteExportModel {
  title: string;
  clientName: string;
  freelancer: ExportFreelancer;
  currency: string;
  issuedOn: string;
  validUntil: string;
  summary: TextBlock[];
  understanding: TextBlock[];
  scopeIn: string[];
  scopeOut: string[];
  deliverables: Array<{ title: string; description: string }>;
  timeline: TextBlock[];
  milestones: ExportMilestone[];
  lineItems: ExportLineItem[];
  /** Subtotal, then discount and tax when there are any; the total comes separately. */
  totalLines: ExportTotalLine[];
  total: ExportTotalLine;
  assumptions: string[];
  risks: Array<{ risk: string; mitigation: string }>;
  terms: TextBlock[];
  validity: string;
}

/** The section headings, in the order both files show them. */
export const EXPORT_HEADINGS = {
  summary: 'Summary',
  understanding: 'Our understanding',
  scope: 'Scope',
  scopeIn: 'In scope',
  scopeOut: 'Out of scope',
  deliverables: 'Deliverables',
  timeline: 'Timeline and milestones',
  pricing: 'Pricing',
  assumptions: 'Assumptions',
  risks: 'Risks and mitigations',
  terms: 'Terms',
  validity: 'Validity',
} as const;

export const PRICING_COLUMNS = ['Item', 'Qty', 'Unit', 'Rate', 'Amount'] as const;

export function exportModelOf(
  quote: { document: QuoteDocument },
  freelancer: ExportFreelancer,
  now: Date,
): QuoteExportModel {
  const doc = quote.document;
  const money = (minor: number) => formatQuoteMoney(minor, doc.currency);
  const totals = quoteTotals(doc);
  const deliverableTitles = new Map(doc.deliverables.map((d) => [d.id, d.title]));
  const durations = new Map(doc.milestones.map((m) => [m.id, m]));
  return {
    title: doc.title,
    clientName: doc.clientName,
    freelancer,
    currency: doc.currency,
    issuedOn: formatDay(now.toISOString().slice(0, 10)),
    validUntil: formatDay(doc.validUntil),
    summary: markdownBlocks(doc.summary),
    understanding: markdownBlocks(doc.understanding),
    scopeIn: doc.scope.in.map((item) => item.text),
    scopeOut: doc.scope.out.map((item) => item.text),
    deliverables: doc.deliverables.map((d) => ({ title: d.title, description: d.description })),
    timeline: markdownBlocks(doc.timeline),
    milestones: milestoneAmounts(doc, totals).map((milestone) => {
      const source = durations.get(milestone.id);
      return {
        name: milestone.name,
        amount: money(milestone.amountMinor),
        dueDate: milestone.dueDate ? formatDay(milestone.dueDate) : null,
        durationDays: source?.durationDays ?? 0,
        deliverables: (source?.deliverableIds ?? []).flatMap(
          (id) => deliverableTitles.get(id) ?? [],
        ),
      };
    }),
    lineItems: doc.lineItems.map((line) => ({
      label: line.label,
      description: line.description,
      quantity: formatQuantity(line.quantity),
      unit: line.unit === 'hours' ? (line.quantity === 1 ? 'hour' : 'hours') : 'units',
      rate: money(line.rateMinor),
      amount: money(lineAmountMinor(line)),
      optional: line.optional,
      included: lineIncluded(line),
    })),
    totalLines: totalLinesOf(doc, totals, money),
    total: { label: 'Total', amount: money(totals.totalMinor) },
    assumptions: doc.assumptions.map((item) => item.text),
    risks: doc.risks.map((r) => ({ risk: r.risk, mitigation: r.mitigation })),
    terms: markdownBlocks(doc.terms),
    validity: `This quote is valid until ${formatDay(doc.validUntil)}.`,
  };
}

function totalLinesOf(
  doc: QuoteDocument,
  totals: ReturnType<typeof quoteTotals>,
  money: (minor: number) => string,
): ExportTotalLine[] {
  const lines: ExportTotalLine[] = [{ label: 'Subtotal', amount: money(totals.subtotalMinor) }];
  if (doc.discount && totals.discountMinor > 0) {
    const label =
      doc.discount.kind === 'percent'
        ? `Discount (${formatPercent(doc.discount.basisPoints)})`
        : 'Discount';
    lines.push({ label, amount: `-${money(totals.discountMinor)}` });
  }
  if (doc.taxBasisPoints > 0) {
    lines.push({
      label: `Tax (${formatPercent(doc.taxBasisPoints)})`,
      amount: money(totals.taxMinor),
    });
  }
  return lines;
}

/** 1250 basis points read "12.5%". */
function formatPercent(basisPoints: number): string {
  const percent = (basisPoints / BASIS_POINTS_FULL) * 100;
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(percent)}%`;
}

function formatQuantity(quantity: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(quantity);
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day (YYYY-MM-DD) as "12 March 2025"; the day as written when it is not a date. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DAY_FORMAT.format(date);
}
