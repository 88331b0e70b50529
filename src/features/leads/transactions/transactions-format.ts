import { formatMoney } from '@/contract/money';
import { TRANSACTION_SIGN, type TransactionKind } from '@/contract/transactions';

/** Decimals of the currency's minor unit (2 for USD, 0 for JPY); unknown codes count two. */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** An amount as a person types it: digits, an optional point and up to three decimals. */
const MAJOR_AMOUNT = /^\d{1,13}(?:\.\d{1,3})?$/;

/**
 * Minor units from an amount in major units ("12.50" in USD is 1250), or a message saying what is
 * wrong with it. Commas between thousands are allowed; a minus sign is not (the kind says which
 * way the money went).
 */
export function parseMajorAmount(
  text: string,
  currency: string,
): { minor: number } | { error: string } {
  const cleaned = text.trim().split(',').join('');
  if (cleaned === '') return { error: 'Enter the amount' };
  if (cleaned.startsWith('-'))
    return { error: 'Enter the amount without a minus sign; the kind says which way it went' };
  if (!MAJOR_AMOUNT.test(cleaned)) return { error: 'Enter the amount as a number, e.g. 120.50' };
  const digits = minorDigits(currency);
  const [whole = '0', fraction = ''] = cleaned.split('.');
  if (fraction.length > digits)
    return {
      error:
        digits === 0
          ? `${currency} amounts have no decimals`
          : `Use at most ${digits} decimals for ${currency}`,
    };
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (minor <= 0) return { error: 'The amount must be more than 0' };
  return { minor };
}

/** Minor units back to the text of the amount field ("1250" USD reads "12.50"). */
export function majorAmountText(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/** How the amount reads in the ledger: "+$120.00" for money in, "−$12.00" for money out. */
export function signedAmount(kind: TransactionKind, minor: number, currency: string): string {
  const amount = formatMoney(minor, currency, 'always');
  const sign = TRANSACTION_SIGN[kind];
  if (sign === 1) return `+${amount}`;
  if (sign === -1) return `−${amount}`;
  return amount;
}

/** Words for screen readers beside the amount, so colour and sign are never the only cue. */
export const DIRECTION_LABELS: Record<1 | -1 | 0, string> = {
  1: 'money in',
  [-1]: 'money out',
  0: 'moved out',
};

export const AMOUNT_COLORS: Record<1 | -1 | 0, string> = {
  1: 'text-emerald-700 dark:text-emerald-300',
  [-1]: 'text-rose-700 dark:text-rose-300',
  0: 'text-slate-700 dark:text-slate-300',
};

/** A ledger day (yyyy-mm-dd) as "Mar 4, 2026", read in UTC so it never shifts a day. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A month key (yyyy-mm) as "March 2026". */
export function formatMonth(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' });
}

/** Today as yyyy-mm-dd in the person's own time zone (the default date of a new row). */
export function todayIso(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** A share (0.1) as "10.0%". */
export function formatRate(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}
