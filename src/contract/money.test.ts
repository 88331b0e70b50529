import { describe, expect, it } from 'vitest';

import { formatMoney } from './money';

describe('formatMoney', () => {
  it.each([
    [150_000, 'USD', '$1,500'],
    [1_250, 'USD', '$12.50'],
    [0, 'USD', '$0'],
    [123_456, 'EUR', '€1,234.56'],
    [5_000, 'GBP', '£50'],
    [150, 'XX', '1.5 XX'],
    [5_000, 'JPY', '¥5,000'],
    [1_250, 'KWD', 'KWD\u00a01.250'],
    [2_000, 'KWD', 'KWD\u00a02'],
  ])('%i minor units of %s read %s', (minor, currency, text) => {
    expect(formatMoney(minor, currency)).toBe(text);
  });

  it.each([
    [150_000, 'USD', '$1,500.00'],
    [1_250, 'USD', '$12.50'],
    [150, 'XX', '1.50 XX'],
    [5_000, 'JPY', '¥5,000'],
    [2_000, 'KWD', 'KWD\u00a02.000'],
  ])("%i minor units of %s read %s with cents 'always'", (minor, currency, text) => {
    expect(formatMoney(minor, currency, 'always')).toBe(text);
  });
});
