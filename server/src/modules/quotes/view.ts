import type {
  Quote,
  QuoteAcceptance,
  QuoteListItem,
  QuoteShare,
  QuoteTotalsView,
  QuoteVersion,
} from '#contract/quotes-api';
import { quoteTotals } from '#contract/quote-totals';
import {
  effectiveQuoteStatus,
  type QuoteDocument,
  type QuoteRequirement,
  type QuoteStatus,
} from '#contract/quotes';

import type { QuoteRow, QuoteSignatureRow, QuoteVersionRow } from '../../db/schema/quotes.ts';

/** The amounts the owner sees, computed from the document (never stored per line). */
export function quoteTotalsView(
  document: Pick<QuoteDocument, 'lineItems' | 'discount' | 'taxBasisPoints'>,
): QuoteTotalsView {
  const totals = quoteTotals(document);
  return {
    subtotalMinor: totals.subtotalMinor,
    discountMinor: totals.discountMinor,
    taxMinor: totals.taxMinor,
    totalMinor: totals.totalMinor,
  };
}

/** Words of a text, lowercased and single-spaced, for comparing a requirement with the quote. */
const normalised = (text: string) =>
  ` ${(text.toLowerCase().match(/[a-z0-9]+/g) ?? []).join(' ')} `;

/**
 * Requirements the quote leaves unanswered. A requirement is covered when a scope entry (in or
 * out), an assumption or a priced line names its id, or when a scope entry or assumption repeats
 * its words (the same rule the quote agent checks its draft with).
 */
export function missingRequirementIds(
  document: QuoteDocument,
  requirements: readonly QuoteRequirement[],
): string[] {
  const entries = [...document.scope.in, ...document.scope.out, ...document.assumptions];
  const named = new Set([...entries, ...document.lineItems].flatMap((item) => item.requirementIds));
  const texts = entries.map((entry) => normalised(entry.text));
  return requirements
    .filter((requirement) => {
      if (named.has(requirement.id)) return false;
      const words = normalised(requirement.text);
      return !texts.some((text) => text.includes(words));
    })
    .map((requirement) => requirement.id);
}

/** The status a reader sees for a stored row. */
export const rowStatus = (row: Pick<QuoteRow, 'status' | 'validUntil'>, now: Date): QuoteStatus =>
  effectiveQuoteStatus(row, now);

export type QuoteViewParts = {
  statusHistory: Array<{ status: QuoteStatus; at: Date }>;
  share: QuoteShare | null;
  signature: QuoteSignatureRow | undefined;
  now: Date;
};

/** One quote as its owner reads it. */
export function toQuote(row: QuoteRow, parts: QuoteViewParts): Quote {
  const { signature } = parts;
  const acceptance: QuoteAcceptance | null =
    signature?.decision === 'accepted'
      ? {
          name: signature.name,
          acceptedAt: signature.createdAt.toISOString(),
          ip: signature.ip,
          totalMinor: signature.totalMinor,
          currency: signature.currency,
        }
      : null;
  return {
    id: row.id,
    title: row.title,
    clientName: row.clientName,
    status: rowStatus(row, parts.now),
    statusChangedAt: row.statusChangedAt.toISOString(),
    statusHistory: parts.statusHistory.map((event) => ({
      status: event.status,
      at: event.at.toISOString(),
    })),
    currency: row.currency,
    validUntil: row.validUntil,
    document: { ...row.document, status: row.status },
    requirements: row.requirements,
    missingRequirementIds: missingRequirementIds(row.document, row.requirements),
    totals: quoteTotalsView(row.document),
    version: row.version,
    jobId: row.jobId,
    responseId: row.responseId,
    leadId: row.leadId,
    templateId: row.templateId,
    offline: row.offline,
    model: row.model,
    share: parts.share,
    acceptance,
    decline:
      signature?.decision === 'declined'
        ? { reason: signature.reason, declinedAt: signature.createdAt.toISOString() }
        : null,
    locked: isLocked(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An accepted quote is frozen: the client agreed to it as it stands. */
export const isLocked = (row: Pick<QuoteRow, 'status'>): boolean => row.status === 'accepted';

export function toListItem(
  row: Pick<
    QuoteRow,
    | 'id'
    | 'title'
    | 'clientName'
    | 'statusChangedAt'
    | 'currency'
    | 'totalMinor'
    | 'validUntil'
    | 'createdAt'
    | 'updatedAt'
  > & { effectiveStatus: QuoteStatus },
  viewCount: number,
): QuoteListItem {
  return {
    id: row.id,
    title: row.title,
    clientName: row.clientName,
    status: row.effectiveStatus,
    statusChangedAt: row.statusChangedAt.toISOString(),
    currency: row.currency,
    totalMinor: row.totalMinor,
    validUntil: row.validUntil,
    viewCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toVersion(row: QuoteVersionRow): QuoteVersion {
  return {
    number: row.number,
    source: row.source,
    title: row.document.title,
    totalMinor: row.totalMinor,
    currency: row.document.currency,
    savedAt: row.updatedAt.toISOString(),
  };
}
