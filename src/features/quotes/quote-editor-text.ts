import { milestonesForUpwork } from '@/contract/quote-totals';
import type { QuoteDocument, QuoteRequirement } from '@/contract/quotes';
import { ADD_MARKER_PATTERN } from '@/contract/response-checks';

/** Where a leftover marker sits, in words a person can find it by. */
export type LeftoverMarker = { where: string; marker: string };

/** Every written text of the quote with the place it appears, in reading order. */
function documentTexts(doc: QuoteDocument): { where: string; text: string }[] {
  const texts = [
    { where: 'Title', text: doc.title },
    { where: 'Client', text: doc.clientName },
    { where: 'Summary', text: doc.summary },
    { where: 'Understanding', text: doc.understanding },
    ...doc.scope.in.map((item, i) => ({ where: `In scope ${i + 1}`, text: item.text })),
    ...doc.scope.out.map((item, i) => ({ where: `Out of scope ${i + 1}`, text: item.text })),
    ...doc.deliverables.map((d, i) => ({
      where: `Deliverable ${i + 1}`,
      text: `${d.title}\n${d.description}`,
    })),
    ...doc.assumptions.map((item, i) => ({ where: `Assumption ${i + 1}`, text: item.text })),
    ...doc.risks.map((r, i) => ({ where: `Risk ${i + 1}`, text: `${r.risk}\n${r.mitigation}` })),
    ...doc.lineItems.map((line, i) => ({
      where: `Pricing line ${i + 1}`,
      text: `${line.label}\n${line.description}`,
    })),
    ...doc.milestones.map((m, i) => ({ where: `Milestone ${i + 1}`, text: m.name })),
    { where: 'Timeline', text: doc.timeline },
    { where: 'Terms', text: doc.terms },
  ];
  return texts;
}

/** The `[Add: …]` markers still in the quote: parts only the freelancer can write. */
export function leftoverMarkers(doc: QuoteDocument): LeftoverMarker[] {
  const found: LeftoverMarker[] = [];
  for (const { where, text } of documentTexts(doc)) {
    for (const match of text.matchAll(ADD_MARKER_PATTERN)) found.push({ where, marker: match[0] });
  }
  return found;
}

/** Every requirement id some scope entry, assumption or line says it answers. */
function coveredRequirementIds(doc: QuoteDocument): Set<string> {
  const ids = new Set<string>();
  const traced = [...doc.scope.in, ...doc.scope.out, ...doc.assumptions, ...doc.lineItems];
  for (const item of traced) for (const id of item.requirementIds) ids.add(id);
  return ids;
}

/**
 * The RFP requirements still uncovered: those the server found missing at the last save, less
 * any the freelancer has covered since (so "Add to assumptions" takes effect at once).
 */
export function uncoveredRequirements(
  doc: QuoteDocument,
  requirements: readonly QuoteRequirement[],
  missingIds: readonly string[],
): QuoteRequirement[] {
  const covered = coveredRequirementIds(doc);
  const missing = new Set(missingIds);
  return requirements.filter((r) => missing.has(r.id) && !covered.has(r.id));
}

function isDigits(text: string, min: number, max: number): boolean {
  if (text.length < min || text.length > max) return false;
  for (const char of text) if (char < '0' || char > '9') return false;
  return true;
}

/**
 * A typed number with at most two decimals as hundredths ("12.5" -> 1250), or null when it is
 * not a plain non-negative number. Percentages become basis points this way, quantities become
 * whole hundredths.
 */
export function parseHundredths(text: string): number | null {
  const [whole = '', fraction = '', ...rest] = text.trim().split('.');
  if (rest.length > 0 || !isDigits(whole, 1, 9) || !isDigits(fraction, 0, 2)) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Hundredths as the shortest plain decimal: 1250 -> "12.5", 1200 -> "12", 1205 -> "12.05". */
export function hundredthsToText(value: number): string {
  const whole = Math.trunc(value / 100);
  const fraction = String(value % 100).padStart(2, '0');
  if (fraction === '00') return String(whole);
  return `${whole}.${fraction.endsWith('0') ? fraction[0] : fraction}`;
}

/** The time of day a save finished, as "12:04". */
export function clockTime(at: Date): string {
  return at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

/** A new id for an item added in the editor (lines, milestones, deliverables). */
export function newItemId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * The milestones as lines to paste into Upwork's milestone dialog, one each:
 * "Milestone 1: Design — 1250.00 — due 2026-12-01" (the amount a plain decimal, no symbol).
 */
export function upworkMilestoneLines(doc: QuoteDocument): string[] {
  return milestonesForUpwork(doc).map((milestone, index) => {
    const due = milestone.dueDate ? ` — due ${milestone.dueDate}` : '';
    return `Milestone ${index + 1}: ${milestone.name} — ${milestone.amount}${due}`;
  });
}
