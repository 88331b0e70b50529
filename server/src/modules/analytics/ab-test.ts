import type { COMPARE_VERDICTS } from '#contract/response-analytics';

/**
 * Is one template or variant really replied to more often than the other? Pure arithmetic on
 * two counts (sends and replies per arm), so the same counts always give the same verdict.
 *
 * - Each arm's reply rate gets its 95% Wilson score interval (good with small counts and rates
 *   near 0% or 100%, where the textbook interval goes below zero).
 * - The difference (B minus A) gets Newcombe's hybrid score interval built from the two Wilson
 *   intervals (his method 10); the difference is clear when that interval excludes zero.
 * - While it is not clear, the sends per arm that would tell the two apart (95% confidence, 80%
 *   power, at the rates seen so far) say how long to keep going.
 *
 * People get one plain sentence, never two bare percentages.
 */

/** The normal quantile for 95% two-sided confidence. */
export const Z_CONFIDENCE_95 = 1.959964;
/** The normal quantile for 80% power. */
export const Z_POWER_80 = 0.841621;
/** Below this many sends in either arm, no comparison is offered. */
export const MIN_SENDS_PER_ARM = 10;

export type ArmCounts = { sent: number; replied: number };
export type Interval = { low: number; high: number };
export type CompareVerdict = (typeof COMPARE_VERDICTS)[number];

/** The 95% Wilson score interval of replied / sent; null without sends. */
export function wilsonInterval(arm: ArmCounts, z = Z_CONFIDENCE_95): Interval | null {
  const { sent: n, replied: x } = arm;
  if (n <= 0) return null;
  const p = x / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denominator = 1 + z2 / n;
  return {
    low: Math.max(0, (centre - spread) / denominator),
    high: Math.min(1, (centre + spread) / denominator),
  };
}

export type DifferenceInterval = { difference: number; low: number; high: number };

/** B's rate minus A's with Newcombe's hybrid score interval; null while an arm has no sends. */
export function newcombeDifference(a: ArmCounts, b: ArmCounts): DifferenceInterval | null {
  const intervalA = wilsonInterval(a);
  const intervalB = wilsonInterval(b);
  if (!intervalA || !intervalB) return null;
  const rateA = a.replied / a.sent;
  const rateB = b.replied / b.sent;
  const difference = rateB - rateA;
  return {
    difference,
    low: difference - Math.hypot(rateB - intervalB.low, intervalA.high - rateA),
    high: difference + Math.hypot(intervalB.high - rateB, rateA - intervalA.low),
  };
}

/**
 * Sends per arm for a two-sided test at 95% confidence and 80% power to detect the difference
 * between two rates (the pooled-variance formula); null when the rates are equal.
 */
export function sendsNeededPerArm(rateA: number, rateB: number): number | null {
  const gap = Math.abs(rateA - rateB);
  if (gap === 0) return null;
  const pooled = (rateA + rateB) / 2;
  const root =
    Z_CONFIDENCE_95 * Math.sqrt(2 * pooled * (1 - pooled)) +
    Z_POWER_80 * Math.sqrt(rateA * (1 - rateA) + rateB * (1 - rateB));
  return Math.ceil((root * root) / (gap * gap));
}

export type ArmComparison = {
  difference: number | null;
  differenceLow: number | null;
  differenceHigh: number | null;
  certain: boolean;
  sendsNeededPerArm: number | null;
  verdict: CompareVerdict;
  sentence: string;
};

function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** "about 180": whole tens from a hundred up, so the number does not claim more than it knows. */
function about(sends: number): string {
  return sends >= 100 ? String(Math.ceil(sends / 10) * 10) : String(sends);
}

/** The whole comparison of two arms, labelled for the sentence ("Variant B", a template name). */
export function compareArms(
  a: ArmCounts & { label: string },
  b: ArmCounts & { label: string },
): ArmComparison {
  const interval = newcombeDifference(a, b);
  const rateA = a.sent > 0 ? a.replied / a.sent : null;
  const rateB = b.sent > 0 ? b.replied / b.sent : null;
  const needed = rateA !== null && rateB !== null ? sendsNeededPerArm(rateA, rateB) : null;
  const base = {
    difference: interval?.difference ?? null,
    differenceLow: interval?.low ?? null,
    differenceHigh: interval?.high ?? null,
    sendsNeededPerArm: needed,
  };
  if (
    !interval ||
    rateA === null ||
    rateB === null ||
    Math.min(a.sent, b.sent) < MIN_SENDS_PER_ARM
  ) {
    return {
      ...base,
      certain: false,
      verdict: 'too_few',
      sentence: `Too few sends to compare: send at least ${MIN_SENDS_PER_ARM} with each.`,
    };
  }
  const certain = interval.low > 0 || interval.high < 0;
  const rates = `(${percent(rateB)} vs ${percent(rateA)})`;
  if (!certain && percent(rateA) === percent(rateB)) {
    return {
      ...base,
      certain,
      verdict: 'no_difference',
      sentence: `No difference in reply rate so far (${percent(rateA)} vs ${percent(rateB)}).`,
    };
  }
  const bLeads = interval.difference > 0;
  const leader = bLeads ? b : a;
  const trailingRates = bLeads ? rates : `(${percent(rateA)} vs ${percent(rateB)})`;
  const verdict: CompareVerdict = bLeads ? 'b_better' : 'a_better';
  if (certain) {
    return {
      ...base,
      certain,
      verdict,
      sentence: `${leader.label} replies more often ${trailingRates}, and the difference is clear.`,
    };
  }
  const sentSoFar = Math.min(a.sent, b.sent);
  const next =
    needed !== null && needed > sentSoFar
      ? `about ${about(needed)} sends each would tell them apart`
      : 'a few more sends with each would tell them apart';
  return {
    ...base,
    certain,
    verdict,
    sentence: `${leader.label} replies more often ${trailingRates}; not yet certain: ${next}.`,
  };
}
