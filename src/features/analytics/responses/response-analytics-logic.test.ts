import { describe, expect, it } from 'vitest';

import { FUNNEL_STAGES } from '@/contract/dashboard';

import { isFewSends, nextSort, sortBreakdownRows } from './breakdown-sort';
import {
  armText,
  differenceText,
  formatPoints,
  ownRatesStatus,
  sendsNeededText,
} from './compare-text';
import { funnelRows } from './funnel-steps';
import {
  breakdownRow,
  CALIBRATION,
  compareResult,
  VARIANT_A,
  VARIANT_B,
} from './response-analytics-fixtures';

describe('funnel rows', () => {
  it('keep the fixed stage order and divide each step by the one before and by sent', () => {
    const counts = { sent: 40, viewed: 30, replied: 12, interview: 5, hired: 2 };
    // Shuffled on purpose: the page must not depend on the server's order.
    const rows = funnelRows(
      [...FUNNEL_STAGES].reverse().map((stage) => ({ stage, count: counts[stage] })),
    );
    expect(rows.map((row) => row.stage)).toEqual([...FUNNEL_STAGES]);
    FUNNEL_STAGES.forEach((stage, index) => {
      const before = index === 0 ? null : counts[FUNNEL_STAGES[index - 1] ?? 'sent'];
      expect(rows[index]?.count).toBe(counts[stage]);
      expect(rows[index]?.fromPrevious).toBe(before === null ? null : counts[stage] / before);
      expect(rows[index]?.ofSent).toBe(counts[stage] / counts.sent);
    });
  });

  it('count a missing stage as 0 and have no rate after an empty step', () => {
    const rows = funnelRows([{ stage: 'sent', count: 0 }]);
    expect(rows.map((row) => row.count)).toEqual([0, 0, 0, 0, 0]);
    expect(rows.every((row) => row.ofSent === null)).toBe(true);
    expect(rows[1]?.fromPrevious).toBeNull();
  });
});

describe('breakdown sorting', () => {
  const rows = [
    breakdownRow({ key: 'x', label: 'Beta', sent: 20, replied: 2 }),
    breakdownRow({ key: 'y', label: 'Alpha', sent: 0, replied: 0 }),
    breakdownRow({
      key: 'z',
      label: 'Gamma',
      sent: 5,
      replied: 3,
      revenue: [{ currency: 'USD', amountMinor: 900 }],
    }),
  ];

  it('keeps the server order until a header is clicked', () => {
    expect(sortBreakdownRows(rows, null).map((row) => row.key)).toEqual(['x', 'y', 'z']);
  });

  it('sorts numbers high first, reverses on a second click, and puts rows without a rate last', () => {
    const first = nextSort(null, 'replyRate');
    expect(first).toEqual({ key: 'replyRate', dir: 'desc' });
    expect(sortBreakdownRows(rows, first).map((row) => row.label)).toEqual([
      'Gamma',
      'Beta',
      'Alpha',
    ]);
    const second = nextSort(first, 'replyRate');
    expect(sortBreakdownRows(rows, second).map((row) => row.label)).toEqual([
      'Beta',
      'Gamma',
      'Alpha',
    ]);
  });

  it('sorts names A to Z first and revenue by the largest amount', () => {
    expect(sortBreakdownRows(rows, nextSort(null, 'label')).map((row) => row.label)).toEqual([
      'Alpha',
      'Beta',
      'Gamma',
    ]);
    expect(sortBreakdownRows(rows, nextSort(null, 'revenue'))[0]?.label).toBe('Gamma');
  });

  it('marks rows under ten sends as few sends', () => {
    expect(rows.map(isFewSends)).toEqual([false, true, true]);
  });
});

describe('comparison text', () => {
  it('writes signed percentage points', () => {
    expect(formatPoints(0.094)).toBe('+9 points');
    expect(formatPoints(-0.021)).toBe('−2 points');
    expect(formatPoints(0.01)).toBe('+1 point');
    expect(formatPoints(0.001)).toBe('0 points');
  });

  it('gives each arm its counts and interval, and the difference its interval', () => {
    const result = compareResult(VARIANT_A, VARIANT_B);
    const whole = (rate: number) => `${Math.round(rate * 100)}%`;
    expect(armText(result.a)).toBe(
      `${VARIANT_A.replied} of ${VARIANT_A.sent} replied (${whole(result.a.replyRate ?? 0)}; 95% interval ${whole(result.a.low ?? 0)}–${whole(result.a.high ?? 0)})`,
    );
    expect(differenceText(result)).toBe(
      `B − A: ${formatPoints(result.difference ?? 0)} (95% interval ${formatPoints(result.differenceLow ?? 0)} to ${formatPoints(result.differenceHigh ?? 0)})`,
    );
    expect(sendsNeededText(result)).toContain(`about ${result.sendsNeededPerArm} per arm`);
  });

  it('says when there is nothing to compare yet', () => {
    const empty = breakdownRow({ key: 'B', label: 'Variant B', sent: 0, replied: 0 });
    const result = compareResult(VARIANT_A, empty, {
      difference: null,
      differenceLow: null,
      differenceHigh: null,
      sendsNeededPerArm: null,
    });
    expect(armText(result.b)).toBe('No sends in this period');
    expect(differenceText(result)).toBe('No difference until both have sends in this period');
    expect(sendsNeededText(result)).toMatch(/not known/);
  });
});

describe('own rates status', () => {
  it('names the sends behind the own rates, or how many are still missing', () => {
    expect(ownRatesStatus(CALIBRATION)).toBe(
      `Worth per Connect on Browse Jobs uses your own hire rates (${CALIBRATION.scoredSends} sends with a fit score).`,
    );
    expect(ownRatesStatus({ ...CALIBRATION, scoredSends: 12, ownRatesInUse: false })).toBe(
      `Worth per Connect on Browse Jobs uses the built-in estimate until you have ${CALIBRATION.minSends} sends with a fit score (you have 12).`,
    );
  });
});
