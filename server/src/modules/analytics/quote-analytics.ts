import type { MoneyTotals } from '#contract/analytics-range';
import type {
  OptionalItemRow,
  QuoteAnalytics,
  QuoteStatusCount,
  QuoteTemplateRow,
} from '#contract/quote-analytics';
import { QUOTE_STATUSES, type QuoteStatus } from '#contract/quotes';

import type { Database } from '../../db/client.ts';
import {
  optionalItemFacts,
  quoteFacts,
  type OptionalItemFact,
  type QuoteFact,
} from './quote-analytics-facts.ts';
import { resolvedRangeOf, type AnalyticsRange } from './range.ts';
import { addTo, moneyTotalsOf } from './sql-rows.ts';

/**
 * Quote analytics: the quotes created in a period (by their creation time) and how clients
 * answered them.
 *
 * A quote counts once at every status it ever reached: every quote starts as a draft; a quote
 * reached a status when its history records it or it has it now; a quote the client opened was
 * viewed; a quote answered by the client (accepted or declined) was also viewed and sent, and a
 * viewed quote was sent. A quote is decided once it was accepted, declined or expired, and the
 * acceptance rate is accepted / decided.
 *
 * Time to decision runs from the quote's first send to the client's acceptance or decline.
 */

const NO_TEMPLATE_KEY = 'none';
const NO_TEMPLATE_LABEL = 'No template';
const HOUR_MS = 3_600_000;
const DECIDED: readonly QuoteStatus[] = ['accepted', 'declined', 'expired'];

/** Every status the quote reached, with the implications above. */
function reachedStatuses(fact: QuoteFact): Set<QuoteStatus> {
  const reached = new Set<QuoteStatus>(['draft', fact.status, ...fact.history]);
  if (fact.opened || reached.has('accepted') || reached.has('declined')) reached.add('viewed');
  if (reached.has('viewed') || fact.firstSentAt !== null) reached.add('sent');
  return reached;
}

function isDecided(reached: Set<QuoteStatus>): boolean {
  return DECIDED.some((status) => reached.has(status));
}

/** accepted / decided, null before any decision. */
function acceptanceRate(facts: QuoteFact[]): number | null {
  let accepted = 0;
  let decided = 0;
  for (const fact of facts) {
    const reached = reachedStatuses(fact);
    if (reached.has('accepted')) accepted += 1;
    if (isDecided(reached)) decided += 1;
  }
  return decided === 0 ? null : accepted / decided;
}

/** Values per currency, largest first. */
function sumByCurrency(facts: QuoteFact[]): MoneyTotals {
  const sums = new Map<string, number>();
  for (const fact of facts) addTo(sums, fact.currency, fact.totalMinor);
  return moneyTotalsOf(sums);
}

/** The average quote value per currency, rounded to the minor unit. */
function averageByCurrency(facts: QuoteFact[]): MoneyTotals {
  const counts = new Map<string, number>();
  for (const fact of facts) counts.set(fact.currency, (counts.get(fact.currency) ?? 0) + 1);
  const averages = new Map<string, number>();
  for (const { currency, amountMinor } of sumByCurrency(facts)) {
    averages.set(currency, Math.round(amountMinor / (counts.get(currency) ?? 1)));
  }
  return moneyTotalsOf(averages);
}

/** Hours from first send to decision, for the quotes decided by the client after a send. */
function hoursToDecision(facts: QuoteFact[]): number[] {
  const hours: number[] = [];
  for (const fact of facts) {
    if (!fact.firstSentAt || !fact.decidedAt) continue;
    const elapsed = fact.decidedAt.getTime() - fact.firstSentAt.getTime();
    if (elapsed >= 0) hours.push(elapsed / HOUR_MS);
  }
  return hours;
}

/** To one decimal: hours are shown as "4.5 h" or turned into days. */
function roundHours(hours: number): number {
  return Math.round(hours * 10) / 10;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function mean(values: number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function byStatus(facts: QuoteFact[]): QuoteStatusCount[] {
  const reached = facts.map(reachedStatuses);
  return QUOTE_STATUSES.map((status) => {
    const now = facts.filter((fact) => fact.status === status);
    return {
      status,
      reached: reached.filter((statuses) => statuses.has(status)).length,
      current: now.length,
      value: sumByCurrency(now),
    };
  });
}

function byTemplate(facts: QuoteFact[]): QuoteTemplateRow[] {
  const groups = new Map<string, { label: string; facts: QuoteFact[] }>();
  for (const fact of facts) {
    const key = fact.templateId ?? NO_TEMPLATE_KEY;
    const group = groups.get(key) ?? { label: fact.templateName ?? NO_TEMPLATE_LABEL, facts: [] };
    group.facts.push(fact);
    groups.set(key, group);
  }
  return [...groups.entries()]
    .map(([key, group]) => {
      const reached = group.facts.map(reachedStatuses);
      const accepted = group.facts.filter((_, index) => reached[index]!.has('accepted'));
      return {
        key,
        label: group.label,
        created: group.facts.length,
        sent: reached.filter((statuses) => statuses.has('sent')).length,
        accepted: accepted.length,
        acceptanceRate: acceptanceRate(group.facts),
        value: sumByCurrency(group.facts),
        acceptedValue: sumByCurrency(accepted),
      };
    })
    .sort((a, b) => b.created - a.created || a.label.localeCompare(b.label));
}

function optionalItems(items: OptionalItemFact[]): OptionalItemRow[] {
  return items
    .map((item) => ({
      label: item.label,
      offered: item.offered,
      ticked: item.ticked,
      tickRate: item.offered === 0 ? null : item.ticked / item.offered,
    }))
    .sort((a, b) => b.offered - a.offered || a.label.localeCompare(b.label));
}

/** The report from the facts. */
function quoteReport(
  range: AnalyticsRange,
  facts: QuoteFact[],
  items: OptionalItemFact[],
): QuoteAnalytics {
  const current = facts.filter((fact) => fact.inPeriod);
  const previous = facts.filter((fact) => !fact.inPeriod);
  const statuses = byStatus(current);
  const reachedCount = (status: QuoteStatus) =>
    statuses.find((row) => row.status === status)?.reached ?? 0;
  const accepted = current.filter((fact) => reachedStatuses(fact).has('accepted'));
  const hours = hoursToDecision(current);
  const medianHours = median(hours);
  const meanHours = mean(hours);
  return {
    range: resolvedRangeOf(range),
    totals: {
      created: current.length,
      sent: reachedCount('sent'),
      viewed: reachedCount('viewed'),
      accepted: reachedCount('accepted'),
      declined: reachedCount('declined'),
      expired: reachedCount('expired'),
      acceptanceRate: acceptanceRate(current),
      previousAcceptanceRate: acceptanceRate(previous),
      totalValue: sumByCurrency(current),
      averageValue: averageByCurrency(current),
      acceptedValue: sumByCurrency(accepted),
      medianHoursToDecision: medianHours === null ? null : roundHours(medianHours),
      meanHoursToDecision: meanHours === null ? null : roundHours(meanHours),
    },
    byStatus: statuses,
    byTemplate: byTemplate(current),
    optionalItems: optionalItems(items),
  };
}

/**
 * The user's quote analytics for a range. `now` decides which open quotes have expired (their
 * validity date, a day in UTC, has passed).
 */
export async function quoteAnalytics(
  db: Database,
  userId: string,
  range: AnalyticsRange,
  now: Date = new Date(),
): Promise<QuoteAnalytics> {
  const today = now.toISOString().slice(0, 10);
  const facts = await quoteFacts(db, userId, { ...range, today });
  const items = await optionalItemFacts(db, userId, range);
  return quoteReport(range, facts, items);
}
