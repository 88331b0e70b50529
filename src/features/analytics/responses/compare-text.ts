import type { Calibration, CompareArm, CompareResult } from '@/contract/response-analytics';

/** The name of the interval the comparison uses, shown beside it. */
export const COMPARE_METHOD_NAME = 'Newcombe-Wilson 95% interval';

/** A rate as a whole percentage ("24%"); the dash when there is none. */
export function percent(rate: number | null): string {
  return rate === null ? '–' : `${Math.round(rate * 100)}%`;
}

/** A difference of two rates in percentage points, signed ("+9 points", "−2 points"). */
export function formatPoints(difference: number): string {
  const points = Math.round(difference * 100);
  const sign = points > 0 ? '+' : points < 0 ? '−' : '';
  return `${sign}${Math.abs(points)} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
}

/** "12 of 80 replied (15%; 95% interval 9%–24%)", or that the arm has no sends yet. */
export function armText(arm: CompareArm): string {
  if (arm.sent === 0) return 'No sends in this period';
  const interval =
    arm.low !== null && arm.high !== null
      ? `; 95% interval ${percent(arm.low)}–${percent(arm.high)}`
      : '';
  return `${arm.replied} of ${arm.sent} replied (${percent(arm.replyRate)}${interval})`;
}

/** "B − A: +9 points (95% interval −2 points to +20 points)", or why there is no difference yet. */
export function differenceText(result: CompareResult): string {
  if (result.difference === null) return 'No difference until both have sends in this period';
  const interval =
    result.differenceLow !== null && result.differenceHigh !== null
      ? ` (95% interval ${formatPoints(result.differenceLow)} to ${formatPoints(result.differenceHigh)})`
      : '';
  return `B − A: ${formatPoints(result.difference)}${interval}`;
}

/** How many sends per arm would tell the two apart at the difference seen so far. */
export function sendsNeededText(result: CompareResult): string {
  if (result.sendsNeededPerArm === null) {
    return 'Sends needed to tell them apart: not known while the rates are equal or an arm has no sends.';
  }
  const have = Math.min(result.a.sent, result.b.sent);
  const needed = result.sendsNeededPerArm;
  const progress =
    have >= needed ? 'each arm has that many' : `the smaller arm has ${have.toLocaleString()}`;
  return `Sends needed to tell them apart: about ${needed.toLocaleString()} per arm at this difference (${progress}).`;
}

function sends(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? 'send' : 'sends'}`;
}

/** Whether worth per Connect on Browse Jobs already uses the user's own hire rates. */
export function ownRatesStatus(calibration: Calibration): string {
  if (calibration.ownRatesInUse) {
    return `Worth per Connect on Browse Jobs uses your own hire rates (${sends(calibration.scoredSends)} with a fit score).`;
  }
  return `Worth per Connect on Browse Jobs uses the built-in estimate until you have ${sends(calibration.minSends)} with a fit score (you have ${calibration.scoredSends.toLocaleString()}).`;
}
