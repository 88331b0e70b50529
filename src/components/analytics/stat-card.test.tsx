import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { formatHours, formatMoneyTotals, formatRate } from './format';
import { formatDelta, moneyDelta, pointsDelta, relativeDelta, StatCard } from './stat-card';

describe('StatCard', () => {
  it('writes the change out beside the previous value', () => {
    const [now, before] = [56, 50];
    render(
      <dl>
        <StatCard
          label="Responses sent"
          value={String(now)}
          previous={String(before)}
          delta={relativeDelta(now, before)}
          comparedWith="previous 30 days"
        />
      </dl>,
    );
    const change = Math.round((now / before - 1) * 100);
    expect(screen.getByText(`+${change}% vs previous 30 days (${before})`)).toBeInTheDocument();
  });

  it('says there is nothing to compare with rather than inventing a change', () => {
    render(
      <dl>
        <StatCard
          label="Reply rate"
          value="24%"
          delta={relativeDelta(0.24, 0)}
          comparedWith="previous 7 days"
        />
      </dl>,
    );
    expect(screen.getByText('Nothing to compare with the previous 7 days')).toBeInTheDocument();
  });
});

describe('changes', () => {
  it('gives rates in points and counts in percent, and money in its main currency', () => {
    expect(formatDelta(pointsDelta(0.3, 0.25)!)).toBe('+5 points');
    expect(formatDelta(pointsDelta(0.2, 0.21)!)).toBe('-1 point');
    expect(formatDelta(relativeDelta(45, 60)!)).toBe('-25%');
    expect(formatDelta(relativeDelta(60, 60)!)).toBe('no change');
    expect(relativeDelta(5, null)).toBeNull();
    const delta = moneyDelta(
      [{ currency: 'EUR', amountMinor: 30_000 }],
      [
        { currency: 'USD', amountMinor: 90_000 },
        { currency: 'EUR', amountMinor: 20_000 },
      ],
    );
    expect(formatDelta(delta!)).toBe('+50%');
    expect(
      moneyDelta([{ currency: 'EUR', amountMinor: 1 }], [{ currency: 'USD', amountMinor: 1 }]),
    ).toBeNull();
  });
});

describe('format', () => {
  it('never shows a missing value as zero', () => {
    expect(formatRate(null)).toBe('–');
    expect(formatRate(0.24)).toBe('24%');
    expect(formatRate(0.033)).toBe('3.3%');
    expect(formatMoneyTotals([])).toBe('–');
    expect(
      formatMoneyTotals([
        { currency: 'USD', amountMinor: 120_000 },
        { currency: 'EUR', amountMinor: 30_050 },
      ]),
    ).toBe('$1,200, €300.50');
    expect(formatHours(null)).toBe('–');
    expect(formatHours(0.5)).toBe('30 min');
    expect(formatHours(60)).toBe('2.5 days');
  });
});
