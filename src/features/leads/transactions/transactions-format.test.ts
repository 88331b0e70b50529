import { describe, expect, it } from 'vitest';

import { majorAmountText, parseMajorAmount, signedAmount } from './transactions-format';
import { readTransactionFilters } from './transactions-query';

describe('amounts in major units', () => {
  it('turns typed amounts into minor units of the currency', () => {
    expect(parseMajorAmount('12.5', 'USD')).toEqual({ minor: 1250 });
    expect(parseMajorAmount('1,200', 'USD')).toEqual({ minor: 120_000 });
    expect(parseMajorAmount('480000', 'JPY')).toEqual({ minor: 480_000 });
    expect(parseMajorAmount('1.5', 'JPY')).toEqual({ error: 'JPY amounts have no decimals' });
    expect(parseMajorAmount('1.005', 'USD')).toEqual({ error: 'Use at most 2 decimals for USD' });
    expect(parseMajorAmount('0', 'USD')).toEqual({ error: 'The amount must be more than 0' });
    expect(parseMajorAmount('abc', 'USD')).toEqual({
      error: 'Enter the amount as a number, e.g. 120.50',
    });
  });

  it('writes them back and signs them by kind', () => {
    expect(majorAmountText(1250, 'USD')).toBe('12.50');
    expect(signedAmount('income', 1250, 'USD')).toBe('+$12.50');
    expect(signedAmount('refund', 1250, 'USD')).toBe('−$12.50');
    expect(signedAmount('withdrawal', 1250, 'USD')).toBe('$12.50');
  });
});

describe('filters from the address', () => {
  it('keeps known values and drops the rest', () => {
    const params = new URLSearchParams(
      'tab=transactions&kind=income&source=referral&from=2026-02-30&to=2026-03-31&sort=amount&dir=asc',
    );
    expect(readTransactionFilters(params)).toEqual({
      kind: 'income',
      to: '2026-03-31',
      sort: 'amount',
      dir: 'asc',
    });
  });
});
