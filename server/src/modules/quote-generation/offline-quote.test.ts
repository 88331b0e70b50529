import { describe, expect, it } from 'vitest';

import { milestoneAmounts, milestonesForUpwork, quoteTotals } from '#contract/quote-totals';
import { quoteDocumentSchema } from '#contract/quotes';
import { leftoverMarkers } from '#contract/response-checks';

import { missingRequirements, offlineQuote, QUOTE_VALIDITY_DAYS } from './offline-quote.ts';
import { extractRequirements } from './rfp-requirements.ts';
import { readRfp, RFP_NAMES } from './test-rfps.ts';

const NOW = new Date('2026-11-23T15:30:00Z');
const RATE = 8_500;

/** The client each sample RFP names plainly; null where the quote must ask. */
const CLIENTS: Record<(typeof RFP_NAMES)[number], string | null> = {
  'ecommerce-redesign': 'Harbor & Pine Outfitters',
  'nonprofit-portal': 'Riverside Community Food Network',
  'analytics-dashboard': null,
  'clinic-booking-platform': 'Riverside Physiotherapy Group',
};

const quoteFor = (
  name: (typeof RFP_NAMES)[number],
  currency = 'USD',
  rateMinor: number | null = RATE,
) => offlineQuote({ rfpText: readRfp(name), rateMinor, currency, now: NOW });

describe.each(RFP_NAMES)('offline quote for %s', (name) => {
  const requirements = extractRequirements(readRfp(name));
  const quote = quoteFor(name);

  it('is a valid quote document, a draft valid for 30 days', () => {
    expect(quoteDocumentSchema.safeParse(quote).success).toBe(true);
    expect(quote.status).toBe('draft');
    const days = (Date.parse(quote.validUntil) - Date.parse('2026-11-23')) / 86_400_000;
    expect(days).toBe(QUOTE_VALIDITY_DAYS);
  });

  it('answers every requirement in scope (in or out) or as an assumption', () => {
    expect(missingRequirements(quote, requirements)).toEqual([]);
  });

  it('prices every in-scope requirement on its own line at the freelancer’s rate', () => {
    for (const requirement of requirements) {
      const lines = quote.lineItems.filter((line) => line.requirementIds.includes(requirement.id));
      const priced = !requirement.outOfScope && !requirement.schedule;
      expect(lines.length, requirement.text).toBe(priced ? 1 : 0);
      if (lines[0]) {
        expect(lines[0].quantity).toBeGreaterThan(0);
        expect(lines[0].optional).toBe(requirement.optional);
      }
    }
    for (const line of quote.lineItems) expect(line.rateMinor).toBe(RATE);
  });

  it('groups the work in 2 to 4 milestones that close every deliverable and sum to the total', () => {
    expect(quote.milestones.length).toBeGreaterThanOrEqual(2);
    expect(quote.milestones.length).toBeLessThanOrEqual(4);
    const grouped = quote.milestones.flatMap((milestone) => milestone.lineItemIds);
    expect(new Set(grouped).size).toBe(grouped.length);
    for (const line of quote.lineItems) {
      if (line.requirementIds.length > 0) expect(grouped).toContain(line.id);
    }
    const closed = quote.milestones.flatMap((milestone) => milestone.deliverableIds).sort();
    expect(closed).toEqual(quote.deliverables.map((deliverable) => deliverable.id).sort());
    const totals = quoteTotals(quote);
    expect(totals.totalMinor).toBeGreaterThan(0);
    const amounts = milestoneAmounts(quote, totals);
    expect(amounts.reduce((sum, m) => sum + m.amountMinor, 0)).toBe(totals.totalMinor);
    for (const milestone of amounts) expect(milestone.amountMinor).toBeGreaterThan(0);
  });

  it('names the client the RFP names, and marks what it cannot know: the start date', () => {
    const markers = leftoverMarkers(
      [quote.clientName, quote.summary, quote.timeline, quote.terms].join('\n'),
    );
    const client = CLIENTS[name];
    expect(quote.clientName).toBe(client ?? '[Add: client name]');
    expect(quote.summary).toContain(`Prepared for ${client ?? '[Add: client name]'}.`);
    expect(markers).toContain('[Add: start date]');
  });

  it('lists risks with mitigations and terms that state the rate and the validity date', () => {
    expect(quote.risks.length).toBeGreaterThanOrEqual(2);
    for (const risk of quote.risks) expect(risk.mitigation.length).toBeGreaterThan(10);
    expect(quote.terms).toContain('85.00');
    expect(quote.terms).toContain(quote.validUntil);
  });
});

describe('offlineQuote', () => {
  it('adds project management to the work hours and leaves optional lines unticked', () => {
    const quote = quoteFor('ecommerce-redesign');
    const management = quote.lineItems.find(
      (line) => line.label === 'Project management and communication',
    );
    expect(management?.quantity).toBeGreaterThan(0);
    const optional = quote.lineItems.filter((line) => line.optional);
    expect(optional.map((line) => line.label)).toEqual([
      'Gift cards',
      'A simple blog for trail guides',
    ]);
    expect(optional.every((line) => !line.selected)).toBe(true);
  });

  it('answers timing as an assumption, not a priced line', () => {
    const quote = quoteFor('analytics-dashboard');
    const timing = quote.assumptions.find((a) => a.text.includes('start in the second half'));
    expect(timing?.requirementIds).toHaveLength(1);
    expect(quote.lineItems.some((line) => line.label.includes('start in the second half'))).toBe(
      false,
    );
  });

  it('prices in the currency’s own minor unit: yen and dinars as well as dollars', () => {
    const yen = offlineQuote({
      rfpText: readRfp('nonprofit-portal'),
      rateMinor: 9_000,
      currency: 'JPY',
      now: NOW,
    });
    const dinars = offlineQuote({
      rfpText: readRfp('nonprofit-portal'),
      rateMinor: 25_000,
      currency: 'KWD',
      now: NOW,
    });
    expect(yen.terms).toContain('JPY 9000 per hour');
    expect(dinars.terms).toContain('KWD 25.000 per hour');
    const upwork = milestonesForUpwork(yen);
    expect(upwork.every((milestone) => /^\d+$/.test(milestone.amount))).toBe(true);
    expect(milestonesForUpwork(dinars).every((m) => /^\d+\.\d{3}$/.test(m.amount))).toBe(true);
  });

  it('asks for the rate with a marker when the profile has none', () => {
    const quote = quoteFor('analytics-dashboard', 'USD', null);
    expect(leftoverMarkers(quote.terms)).toContain('[Add: your hourly rate]');
    expect(quoteTotals(quote).totalMinor).toBe(0);
  });

  it('gives a valid quote with markers for an RFP with no requirements', () => {
    const quote = offlineQuote({
      rfpText: 'Hello, we are a bakery.',
      rateMinor: RATE,
      currency: 'EUR',
      now: NOW,
    });
    expect(quoteDocumentSchema.safeParse(quote).success).toBe(true);
    expect(quote.lineItems).toEqual([]);
    expect(leftoverMarkers(quote.summary).length).toBeGreaterThan(0);
  });

  it('takes requirements already found by the agent instead of reading the text again', () => {
    const requirements = extractRequirements(readRfp('nonprofit-portal')).slice(0, 2);
    const quote = offlineQuote({
      rfpText: readRfp('nonprofit-portal'),
      rateMinor: RATE,
      currency: 'USD',
      now: NOW,
      requirements,
    });
    expect(quote.scope.in.flatMap((item) => item.requirementIds)).toEqual(
      requirements.map((r) => r.id),
    );
  });

  it('builds the quote for a three-page RFP well within a second', () => {
    const rfp = RFP_NAMES.map(readRfp).join('\n\n');
    const started = performance.now();
    offlineQuote({ rfpText: rfp, rateMinor: RATE, currency: 'USD', now: NOW });
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('missingRequirements', () => {
  const requirements = extractRequirements(readRfp('ecommerce-redesign'));
  const quote = quoteFor('ecommerce-redesign');

  it('lists a requirement once its scope entry is removed', () => {
    const dropped = requirements.find((r) => r.text.includes('Stripe'))!;
    const without = {
      ...quote,
      scope: {
        ...quote.scope,
        in: quote.scope.in.filter((item) => !item.requirementIds.includes(dropped.id)),
      },
    };
    expect(missingRequirements(without, requirements)).toEqual([dropped]);
  });

  it('accepts an entry that repeats the requirement’s words without naming its id', () => {
    const dropped = requirements.find((r) => r.text.includes('Gift cards'))!;
    const reworded = {
      ...quote,
      scope: {
        ...quote.scope,
        in: quote.scope.in.map((item) =>
          item.requirementIds.includes(dropped.id)
            ? { text: 'Gift cards, sold online and redeemable in store', requirementIds: [] }
            : item,
        ),
      },
    };
    expect(missingRequirements(reworded, requirements)).toEqual([]);
  });
});
