import { describe, expect, it } from 'vitest';

import { effectiveQuoteStatus, quoteDocumentSchema, type QuoteDocumentInput } from './quotes';

const quote = (overrides: Partial<QuoteDocumentInput> = {}): QuoteDocumentInput => ({
  title: 'Quote: store redesign',
  clientName: 'Harbor & Pine',
  summary: '',
  understanding: '',
  scope: { in: [{ text: 'Checkout with Stripe' }], out: [] },
  deliverables: [{ id: 'd1', title: 'Working checkout' }],
  milestones: [
    { id: 'm1', name: 'Checkout', durationDays: 5, deliverableIds: ['d1'], lineItemIds: ['l1'] },
  ],
  assumptions: [],
  risks: [{ risk: 'Stripe review takes time', mitigation: 'Apply in week one' }],
  timeline: '',
  terms: '',
  status: 'draft',
  currency: 'USD',
  validUntil: '2026-12-23',
  lineItems: [{ id: 'l1', label: 'Checkout page', quantity: 12.5, rateMinor: 8_500 }],
  discount: { kind: 'percent', basisPoints: 1_000 },
  taxBasisPoints: 2_000,
  ...overrides,
});

const problems = (input: QuoteDocumentInput) =>
  quoteDocumentSchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('quoteDocumentSchema', () => {
  it('accepts a quote and fills the defaults of lines and scope entries', () => {
    const parsed = quoteDocumentSchema.parse(quote());
    expect(parsed.lineItems[0]).toMatchObject({
      kind: 'task',
      unit: 'hours',
      optional: false,
      selected: false,
    });
    expect(parsed.scope.in[0]?.requirementIds).toEqual([]);
  });

  it('has no field where an amount could be written, only rates and a fixed discount', () => {
    const parsed = quoteDocumentSchema.parse({
      ...quote(),
      lineItems: [{ id: 'l1', label: 'Page', quantity: 1, rateMinor: 100, amountMinor: 999_999 }],
      totalMinor: 999_999,
    });
    expect(parsed).not.toHaveProperty('totalMinor');
    expect(parsed.lineItems[0]).not.toHaveProperty('amountMinor');
  });

  it('refuses fractional minor units, over-precise quantities, bad dates and currencies', () => {
    expect(
      problems(quote({ lineItems: [{ id: 'l1', label: 'x', quantity: 1, rateMinor: 10.5 }] })),
    ).toEqual(['lineItems.0.rateMinor']);
    expect(
      problems(quote({ lineItems: [{ id: 'l1', label: 'x', quantity: 1.125, rateMinor: 1 }] })),
    ).toEqual(['lineItems.0.quantity']);
    expect(problems(quote({ validUntil: '23/12/2026' }))).toEqual(['validUntil']);
    expect(problems(quote({ currency: 'usd' }))).toEqual(['currency']);
    expect(problems(quote({ discount: { kind: 'percent', basisPoints: 10_001 } }))).toEqual([
      'discount.basisPoints',
    ]);
  });

  it('refuses duplicate line ids and milestones that point at nothing', () => {
    const line = { id: 'l1', label: 'x', quantity: 1, rateMinor: 1 };
    expect(problems(quote({ lineItems: [line, line] }))).toEqual(['lineItems.1.id']);
    expect(
      problems(
        quote({
          milestones: [
            {
              id: 'm1',
              name: 'M',
              durationDays: 1,
              deliverableIds: ['nope'],
              lineItemIds: ['gone'],
            },
          ],
        }),
      ),
    ).toEqual(['milestones.0.deliverableIds', 'milestones.0.lineItemIds']);
  });
});

describe('effectiveQuoteStatus', () => {
  const validUntil = '2026-12-23';
  it('reads expired once the last valid day has passed, for open quotes only', () => {
    const lastDay = new Date('2026-12-23T23:59:59Z');
    const dayAfter = new Date('2026-12-24T00:00:00Z');
    expect(effectiveQuoteStatus({ status: 'sent', validUntil }, lastDay)).toBe('sent');
    expect(effectiveQuoteStatus({ status: 'sent', validUntil }, dayAfter)).toBe('expired');
    expect(effectiveQuoteStatus({ status: 'viewed', validUntil }, dayAfter)).toBe('expired');
    expect(effectiveQuoteStatus({ status: 'accepted', validUntil }, dayAfter)).toBe('accepted');
    expect(effectiveQuoteStatus({ status: 'declined', validUntil }, dayAfter)).toBe('declined');
  });
});
