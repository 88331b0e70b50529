import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  currencyMinorDigits,
  formatQuoteMoney,
  lineAmountMinor,
  majorStringToMinor,
  milestoneAmounts,
  milestonesForUpwork,
  minorToMajorString,
  quoteTotals,
  splitByWeights,
} from './quote-totals';
import {
  BASIS_POINTS_FULL,
  QUOTE_AMOUNT_MAX,
  QUOTE_QUANTITY_MAX,
  type QuoteDiscount,
} from './quotes';

const CURRENCIES = ['USD', 'EUR', 'JPY', 'KWD'] as const;

const lineArb = fc.record({
  id: fc.uuid(),
  quantity: fc.integer({ min: 0, max: QUOTE_QUANTITY_MAX * 100 }).map((h) => h / 100),
  rateMinor: fc.oneof(
    fc.integer({ min: 0, max: 50_000 }),
    fc.integer({ min: 0, max: QUOTE_AMOUNT_MAX }),
  ),
  optional: fc.boolean(),
  selected: fc.boolean(),
});

const discountArb: fc.Arbitrary<QuoteDiscount | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    kind: fc.constant('percent' as const),
    basisPoints: fc.integer({ min: 0, max: BASIS_POINTS_FULL }),
  }),
  fc.record({
    kind: fc.constant('amount' as const),
    amountMinor: fc.integer({ min: 0, max: QUOTE_AMOUNT_MAX }),
  }),
);

const quoteArb = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  lineItems: fc.array(lineArb, { maxLength: 40 }),
  discount: discountArb,
  taxBasisPoints: fc.integer({ min: 0, max: BASIS_POINTS_FULL }),
});

/** Milestones over a quote's lines: each line goes to one of 1-4 milestones (or none). */
const quoteWithMilestonesArb = quoteArb.chain((quote) =>
  fc
    .record({
      count: fc.integer({ min: 1, max: 4 }),
      owners: fc.array(fc.integer({ min: -1, max: 3 }), {
        minLength: quote.lineItems.length,
        maxLength: quote.lineItems.length,
      }),
      durations: fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 4, maxLength: 4 }),
      dueDates: fc.array(fc.option(fc.constant('2027-01-15'), { nil: undefined }), {
        minLength: 4,
        maxLength: 4,
      }),
    })
    .map(({ count, owners, durations, dueDates }) => ({
      ...quote,
      milestones: Array.from({ length: count }, (_, m) => ({
        id: `m${m}`,
        name: `Milestone ${m + 1}`,
        durationDays: durations[m] ?? 0,
        dueDate: dueDates[m],
        lineItemIds: quote.lineItems.filter((_, i) => owners[i] === m).map((line) => line.id),
      })),
    })),
);

const includedSum = (lines: readonly { amountMinor: number; included: boolean }[]) =>
  lines.reduce((sum, line) => sum + (line.included ? line.amountMinor : 0), 0);

describe('quote totals (properties)', () => {
  it('are whole minor units, never negative, and add up: subtotal - discount + tax = total', () => {
    fc.assert(
      fc.property(quoteArb, (quote) => {
        const totals = quoteTotals(quote);
        for (const value of [
          totals.subtotalMinor,
          totals.discountMinor,
          totals.taxMinor,
          totals.totalMinor,
        ]) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(totals.subtotalMinor).toBe(includedSum(totals.lines));
        expect(totals.taxableMinor).toBe(totals.subtotalMinor - totals.discountMinor);
        expect(totals.totalMinor).toBe(totals.taxableMinor + totals.taxMinor);
      }),
    );
  });

  it('never discount more than the subtotal', () => {
    fc.assert(
      fc.property(quoteArb, (quote) => {
        const totals = quoteTotals(quote);
        expect(totals.discountMinor).toBeLessThanOrEqual(totals.subtotalMinor);
        if (quote.discount?.kind === 'amount') {
          expect(totals.discountMinor).toBe(
            Math.min(quote.discount.amountMinor, totals.subtotalMinor),
          );
        }
      }),
    );
  });

  it('take a percentage discount and the tax to the nearest minor unit, half up', () => {
    fc.assert(
      fc.property(quoteArb, (quote) => {
        const totals = quoteTotals(quote);
        // |computed x 10000 - exact| is at most half a minor unit, and exactly half rounds up.
        const within = (computed: number, base: number, basisPoints: number) => {
          const gap = BigInt(computed) * 20_000n - BigInt(base) * BigInt(basisPoints) * 2n;
          expect(gap > -10_000n && gap <= 10_000n).toBe(true);
        };
        if (quote.discount?.kind === 'percent') {
          within(totals.discountMinor, totals.subtotalMinor, quote.discount.basisPoints);
        }
        within(totals.taxMinor, totals.taxableMinor, quote.taxBasisPoints);
      }),
    );
  });

  it('price each line as quantity x rate rounded half up', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const exactTimes100 = BigInt(Math.round(line.quantity * 100)) * BigInt(line.rateMinor);
        const gap = BigInt(lineAmountMinor(line)) * 100n - exactTimes100;
        expect(gap > -50n && gap <= 50n).toBe(true);
      }),
    );
  });

  it('change nothing with a tax of zero', () => {
    fc.assert(
      fc.property(quoteArb, (quote) => {
        const totals = quoteTotals({ ...quote, taxBasisPoints: 0 });
        expect(totals.taxMinor).toBe(0);
        expect(totals.totalMinor).toBe(totals.subtotalMinor - totals.discountMinor);
      }),
    );
  });

  it('do not depend on the order of the lines', () => {
    const shuffled = quoteArb.chain((quote) =>
      fc
        .shuffledSubarray(quote.lineItems, {
          minLength: quote.lineItems.length,
          maxLength: quote.lineItems.length,
        })
        .map((lineItems) => [quote, { ...quote, lineItems }] as const),
    );
    fc.assert(
      fc.property(shuffled, ([quote, reordered]) => {
        const { lines: _a, ...before } = quoteTotals(quote);
        const { lines: _b, ...after } = quoteTotals(reordered);
        expect(after).toEqual(before);
      }),
    );
  });

  it('count an optional line only once the client ticks it', () => {
    fc.assert(
      fc.property(quoteArb, lineArb, (quote, extra) => {
        const base = quoteTotals({ ...quote, discount: null, taxBasisPoints: 0 });
        const unticked = { ...extra, optional: true, selected: false };
        const withUnticked = quoteTotals({
          ...quote,
          discount: null,
          taxBasisPoints: 0,
          lineItems: [...quote.lineItems, unticked],
        });
        expect(withUnticked.totalMinor).toBe(base.totalMinor);
        const ticked = quoteTotals({
          ...quote,
          discount: null,
          taxBasisPoints: 0,
          lineItems: [...quote.lineItems, { ...unticked, selected: true }],
        });
        expect(ticked.totalMinor).toBe(base.totalMinor + lineAmountMinor(extra));
      }),
    );
  });
});

describe('milestone splits (properties)', () => {
  it('always add up to the total and never go negative', () => {
    fc.assert(
      fc.property(quoteWithMilestonesArb, (quote) => {
        const totals = quoteTotals(quote);
        const amounts = milestoneAmounts(quote, totals);
        expect(amounts.reduce((sum, m) => sum + m.amountMinor, 0)).toBe(totals.totalMinor);
        for (const milestone of amounts) expect(milestone.amountMinor).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('splitByWeights gives each share its exact part give or take one minor unit', () => {
    const weightsArb = fc.array(
      fc.integer({ min: 0, max: 100_000 }).map((h) => h / 100),
      { minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), weightsArb, (total, weights) => {
        const shares = splitByWeights(total, weights);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
        const scaled = weights.map((w) => BigInt(Math.round(w * 100)));
        const sum = scaled.reduce((a, b) => a + b, 0n);
        shares.forEach((share, i) => {
          const weight = sum === 0n ? 1n : (scaled[i] ?? 0n);
          const of = sum === 0n ? BigInt(weights.length) : sum;
          const gap = BigInt(share) * of - BigInt(total) * weight;
          expect(gap > -of && gap < of).toBe(true);
        });
      }),
    );
  });

  it('read back from the Upwork strings to the same amounts, with the currency’s decimals', () => {
    fc.assert(
      fc.property(quoteWithMilestonesArb, (quote) => {
        const digits = currencyMinorDigits(quote.currency);
        const upwork = milestonesForUpwork(quote);
        const amounts = milestoneAmounts(quote);
        upwork.forEach((milestone, i) => {
          const decimals = milestone.amount.split('.')[1] ?? '';
          expect(decimals.length).toBe(digits);
          expect(majorStringToMinor(milestone.amount, quote.currency)).toBe(
            amounts[i]?.amountMinor,
          );
          expect(milestone.dueDate).toBe(quote.milestones[i]?.dueDate ?? null);
        });
      }),
    );
  });
});

describe('currencies', () => {
  it('take the minor unit from Intl: cents for USD and EUR, none for JPY and KRW, fils for KWD', () => {
    expect(['USD', 'EUR', 'JPY', 'KRW', 'KWD', 'BHD'].map(currencyMinorDigits)).toEqual([
      2, 2, 0, 0, 3, 3,
    ]);
  });

  it.each([
    ['USD', 125_000, '1250.00'],
    ['EUR', 5, '0.05'],
    ['JPY', 125_000, '125000'],
    ['KWD', 1_250_500, '1250.500'],
  ])('%s: %i minor units read %s in Upwork’s amount field', (currency, minor, text) => {
    expect(minorToMajorString(minor, currency)).toBe(text);
    expect(majorStringToMinor(text, currency)).toBe(minor);
  });

  it('round a typed amount half up to the minor unit and refuse what is not a number', () => {
    expect(majorStringToMinor('1,250.505', 'USD')).toBe(125_051);
    expect(majorStringToMinor('99.5', 'JPY')).toBe(100);
    expect(majorStringToMinor('-3', 'USD')).toBeNull();
    expect(majorStringToMinor('1.2.3', 'USD')).toBeNull();
    expect(majorStringToMinor('', 'USD')).toBeNull();
  });

  it('round 1.5 hours at ¥1,001 to the yen, half up', () => {
    const totals = quoteTotals({
      lineItems: [{ id: 'a', quantity: 1.5, rateMinor: 1_001, optional: false, selected: false }],
      discount: null,
      taxBasisPoints: 0,
    });
    expect(totals.totalMinor).toBe(1_502);
  });

  it.each([
    [125_000, 'USD', '$1,250.00'],
    [5_000, 'JPY', '¥5,000'],
    [1_250, 'KWD', 'KWD 1.250'],
    [99, 'EUR', '€0.99'],
    [1_250, 'XX', '12.50 XX'],
  ])('format %i minor units of %s as %s', (minor, currency, text) => {
    expect(formatQuoteMoney(minor, currency).replace(/\u00a0/g, ' ')).toBe(text);
  });
});
