/**
 * Money for people to read: integer minor units and an ISO currency in, "$1,200" out. Shared by
 * the SPA and the server (AI drafts, fit reasons), so one amount reads the same everywhere.
 */

/** 'when-needed' drops the cents of whole amounts ($1,200; $12.50); 'always' keeps them ($1,200.00). */
export type CentsShown = 'when-needed' | 'always';

// Building a formatter is the slow part (tens of microseconds); formatting with one is cheap, and
// job scoring formats amounts for every job of a page.
const formatters = new Map<string, Intl.NumberFormat | null>();

/** At most this many fraction digits; undefined keeps the currency's own (two for most). */
function formatterFor(currency: string, fractionDigits: 0 | undefined): Intl.NumberFormat | null {
  const key = `${currency}:${fractionDigits ?? 'own'}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        ...(fractionDigits === undefined ? {} : { maximumFractionDigits: fractionDigits }),
      });
    } catch {
      // Not an ISO currency code: the caller writes the amount and the code instead.
      formatter = null;
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

export function formatMoney(
  minor: number,
  currency: string,
  cents: CentsShown = 'when-needed',
): string {
  const digits = minorDigitsOf(currency);
  const major = minor / 10 ** digits;
  const fractionDigits = cents === 'always' || !Number.isInteger(major) ? undefined : 0;
  const formatter = formatterFor(currency, fractionDigits);
  if (formatter) return formatter.format(major);
  return `${cents === 'always' ? major.toFixed(digits) : major} ${currency}`;
}

/**
 * Decimals of the currency's minor unit (2 for USD, 0 for JPY, 3 for KWD): minor units are
 * hundredths only for most currencies. Unknown codes count two.
 */
function minorDigitsOf(currency: string): number {
  return formatterFor(currency, undefined)?.resolvedOptions().maximumFractionDigits ?? 2;
}
