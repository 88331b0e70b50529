import { describe, expect, it } from 'vitest';

import {
  compareArms,
  MIN_SENDS_PER_ARM,
  newcombeDifference,
  sendsNeededPerArm,
  wilsonInterval,
} from './ab-test.ts';

/**
 * Published values: Wilson intervals from Newcombe (1998), "Two-sided confidence intervals for
 * the single proportion", Statistics in Medicine 17:857-872, table I; differences from Newcombe
 * (1998), "Interval estimation for the difference between independent proportions", Statistics
 * in Medicine 17:873-890, table II, method 10. Both to four decimals.
 */
const counts = (replied: number, sent: number) => ({ replied, sent });

describe('wilsonInterval', () => {
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i is %f to %f', (replied, sent, low, high) => {
    const interval = wilsonInterval(counts(replied, sent));
    expect(interval?.low).toBeCloseTo(low, 4);
    expect(interval?.high).toBeCloseTo(high, 4);
  });

  it('has no interval without sends', () => {
    expect(wilsonInterval(counts(0, 0))).toBeNull();
  });
});

describe('newcombeDifference (B minus A)', () => {
  it.each([
    // [B replied, B sent, A replied, A sent, difference, low, high]
    [56, 70, 48, 80, 0.2, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.6, 0.1705, 0.809],
    [5, 56, 0, 29, 5 / 56, -0.0381, 0.1926],
    [0, 10, 0, 20, 0, -0.1611, 0.2775],
    [10, 10, 0, 20, 1, 0.6791, 1],
  ])('%i/%i vs %i/%i', (bReplied, bSent, aReplied, aSent, difference, low, high) => {
    const interval = newcombeDifference(counts(aReplied, aSent), counts(bReplied, bSent));
    expect(interval?.difference).toBeCloseTo(difference, 4);
    expect(interval?.low).toBeCloseTo(low, 4);
    expect(interval?.high).toBeCloseTo(high, 4);
  });

  it('is symmetric: swapping the arms flips the interval', () => {
    const forward = newcombeDifference(counts(48, 80), counts(56, 70))!;
    const backward = newcombeDifference(counts(56, 70), counts(48, 80))!;
    expect(backward.difference).toBeCloseTo(-forward.difference, 10);
    expect(backward.low).toBeCloseTo(-forward.high, 10);
    expect(backward.high).toBeCloseTo(-forward.low, 10);
  });

  it('has no interval while an arm has no sends', () => {
    expect(newcombeDifference(counts(0, 0), counts(3, 10))).toBeNull();
  });
});

describe('sendsNeededPerArm', () => {
  it('matches the pooled formula worked by hand (15% vs 24%)', () => {
    // p = 0.195: (1.959964 x sqrt(2 x 0.195 x 0.805) + 0.841621 x sqrt(0.15 x 0.85 + 0.24 x 0.76))^2
    // / 0.09^2 = 303.0..., rounded up.
    const pooled = 0.195;
    const root =
      1.959964 * Math.sqrt(2 * pooled * (1 - pooled)) +
      0.841621 * Math.sqrt(0.15 * 0.85 + 0.24 * 0.76);
    expect(sendsNeededPerArm(0.15, 0.24)).toBe(Math.ceil((root * root) / 0.0081));
    expect(sendsNeededPerArm(0.15, 0.24)).toBeGreaterThan(300);
    expect(sendsNeededPerArm(0.15, 0.24)).toBeLessThan(310);
  });

  it('needs fewer sends for a bigger gap, and none for equal rates', () => {
    expect(sendsNeededPerArm(0.1, 0.4)!).toBeLessThan(sendsNeededPerArm(0.1, 0.2)!);
    expect(sendsNeededPerArm(0.2, 0.2)).toBeNull();
  });
});

describe('compareArms', () => {
  const arm = (label: string, replied: number, sent: number) => ({ label, replied, sent });

  it('says which replies more often and that it is not yet certain, with the sends still needed', () => {
    const result = compareArms(arm('Variant A', 6, 40), arm('Variant B', 12, 50));
    expect(result.verdict).toBe('b_better');
    expect(result.certain).toBe(false);
    expect(result.differenceLow!).toBeLessThan(0);
    const needed = sendsNeededPerArm(6 / 40, 12 / 50)!;
    expect(result.sendsNeededPerArm).toBe(needed);
    expect(result.sentence).toBe(
      `Variant B replies more often (24% vs 15%); not yet certain: about ${Math.ceil(needed / 10) * 10} sends each would tell them apart.`,
    );
  });

  it('calls a clear difference clear, naming the better arm first', () => {
    const result = compareArms(arm('Short and warm', 30, 100), arm('Long and formal', 12, 100));
    expect(result.verdict).toBe('a_better');
    expect(result.certain).toBe(true);
    expect(result.differenceHigh!).toBeLessThan(0);
    expect(result.sentence).toBe(
      'Short and warm replies more often (30% vs 12%), and the difference is clear.',
    );
  });

  it('reports no difference when the rates are the same', () => {
    const result = compareArms(arm('Variant A', 10, 50), arm('Variant B', 10, 50));
    expect(result.verdict).toBe('no_difference');
    expect(result.difference).toBe(0);
    expect(result.sendsNeededPerArm).toBeNull();
    expect(result.sentence).toBe('No difference in reply rate so far (20% vs 20%).');
  });

  it(`refuses to compare below ${MIN_SENDS_PER_ARM} sends in either arm`, () => {
    const result = compareArms(arm('Variant A', 1, MIN_SENDS_PER_ARM - 1), arm('Variant B', 9, 40));
    expect(result.verdict).toBe('too_few');
    expect(result.certain).toBe(false);
    expect(result.difference).toBeCloseTo(9 / 40 - 1 / (MIN_SENDS_PER_ARM - 1), 10);
    expect(result.sentence).toBe(
      `Too few sends to compare: send at least ${MIN_SENDS_PER_ARM} with each.`,
    );
    const empty = compareArms(arm('Variant A', 0, 0), arm('Variant B', 0, 0));
    expect(empty).toMatchObject({ verdict: 'too_few', difference: null, sendsNeededPerArm: null });
  });
});
