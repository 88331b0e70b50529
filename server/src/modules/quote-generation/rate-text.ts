import { currencyMinorDigits } from '#contract/quote-totals';

/** An hourly rate as a person writes it: "$85/hr", "¥12,000/hr", "KWD 25.500/hr". */
export function formatRate(rateMinor: number, currency: string): string {
  const digits = currencyMinorDigits(currency);
  const amount = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: rateMinor % 10 ** digits === 0 ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(rateMinor / 10 ** digits);
  return `${amount}/hr`;
}

const RATE_MARKER = '[Add: your hourly rate]';

/**
 * With no rate chosen every line is priced at zero; each one says so with an `[Add: …]` marker,
 * so the quote cannot go out looking free.
 */
export function markMissingRate<
  T extends { lineItems: Array<{ rateMinor: number; description: string }> },
>(document: T): T {
  return {
    ...document,
    lineItems: document.lineItems.map((line) =>
      line.rateMinor === 0 && !line.description.includes(RATE_MARKER)
        ? {
            ...line,
            description: `${line.description} Rate: ${RATE_MARKER}.`.trim().slice(0, 2_000),
          }
        : line,
    ),
  };
}
