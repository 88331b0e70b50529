import type { MoneyTotals } from '@/contract/analytics-range';
import { formatMoney } from '@/contract/money';

/**
 * Numbers of the analytics screens for people to read. A value that cannot be computed (a rate
 * with nothing to divide by) reads as an en dash, never as 0.
 */

export const NO_VALUE = '–';

const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** 1234 -> "1,234"; 2.25 -> "2.3"; null -> "–". */
export function formatCount(value: number | null): string {
  return value === null || !Number.isFinite(value) ? NO_VALUE : counts.format(value);
}

/** A fraction 0..1 as a percentage: 0.24 -> "24%", 0.033 -> "3.3%", null -> "–". */
export function formatRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return NO_VALUE;
  const percent = rate * 100;
  const rounded = Math.abs(percent) < 10 ? Math.round(percent * 10) / 10 : Math.round(percent);
  return `${rounded}%`;
}

/** Money in several currencies, largest first: "$1,200, €300"; nothing -> "–" (or `empty`). */
export function formatMoneyTotals(totals: MoneyTotals, empty: string = NO_VALUE): string {
  if (totals.length === 0) return empty;
  return totals.map((amount) => formatMoney(amount.amountMinor, amount.currency)).join(', ');
}

/** Hours as a duration: 0.5 -> "30 min", 5.25 -> "5.3 h", 60 -> "2.5 days", null -> "–". */
export function formatHours(hours: number | null): string {
  if (hours === null || !Number.isFinite(hours)) return NO_VALUE;
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${counts.format(hours)} h`;
  return `${counts.format(hours / 24)} days`;
}

/** Decimals of a currency's minor unit (2 for USD, 0 for JPY); unknown codes count two. */
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

/** Minor units as a plain major-unit number for tables and CSV files (1234 cents -> 12.34). */
export function minorToMajor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/** A major-unit amount (as the CSV has it) for people: 12.34 USD -> "$12.34". */
export function formatMajorMoney(major: number | null, currency: string): string {
  if (major === null || !Number.isFinite(major)) return NO_VALUE;
  return formatMoney(Math.round(major * 10 ** minorDigits(currency)), currency);
}
