/**
 * Every amount of a quote, computed from quantities, rates, the discount and the tax (shared by
 * the editor's live totals, the share page, the exports and the server). Amounts are integer minor
 * units of the quote's currency; where a division leaves a fraction the result is rounded half up
 * to the currency's minor unit. Arithmetic runs on BigInt so no intermediate product is inexact.
 */
import {
  BASIS_POINTS_FULL,
  type QuoteDiscount,
  type QuoteDocument,
  type QuoteLineItem,
  type QuoteMilestone,
} from './quotes.ts';

type LineForTotals = Pick<QuoteLineItem, 'id' | 'quantity' | 'rateMinor' | 'optional' | 'selected'>;
type QuoteForTotals = {
  lineItems: readonly LineForTotals[];
  discount: QuoteDiscount | null;
  taxBasisPoints: number;
};

export interface QuoteLineTotal {
  id: string;
  amountMinor: number;
  /** False for an optional line the client has not ticked: priced, but not in the subtotal. */
  included: boolean;
}

export interface QuoteTotals {
  lines: QuoteLineTotal[];
  /** Sum of the included lines. */
  subtotalMinor: number;
  /** What the discount takes off; never more than the subtotal. */
  discountMinor: number;
  /** Subtotal less discount: the amount the tax applies to. */
  taxableMinor: number;
  taxMinor: number;
  totalMinor: number;
}

const HUNDRED = BigInt(100);
const FULL = BigInt(BASIS_POINTS_FULL);

/** numerator / denominator rounded half up; both are non-negative. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * BigInt(2) + denominator) / (denominator * BigInt(2));
}

/** A quantity in hundredths (schema quantities have at most two decimals). */
const hundredths = (quantity: number) => BigInt(Math.round(quantity * 100));

/** Line amount = quantity x rate, rounded half up to the minor unit. */
export function lineAmountMinor(line: Pick<QuoteLineItem, 'quantity' | 'rateMinor'>): number {
  return Number(divideHalfUp(hundredths(line.quantity) * BigInt(line.rateMinor), HUNDRED));
}

/** A required line always counts; an optional one only once the client ticks it. */
export const lineIncluded = (line: Pick<QuoteLineItem, 'optional' | 'selected'>) =>
  !line.optional || line.selected;

/** The discount in minor units: a percentage (basis points) or a fixed amount, capped at the subtotal. */
export function discountMinor(subtotalMinor: number, discount: QuoteDiscount | null): number {
  if (!discount) return 0;
  const taken =
    discount.kind === 'percent'
      ? Number(divideHalfUp(BigInt(subtotalMinor) * BigInt(discount.basisPoints), FULL))
      : discount.amountMinor;
  return Math.min(Math.max(taken, 0), subtotalMinor);
}

export function quoteTotals(quote: QuoteForTotals): QuoteTotals {
  const lines = quote.lineItems.map((line) => ({
    id: line.id,
    amountMinor: lineAmountMinor(line),
    included: lineIncluded(line),
  }));
  const subtotalMinor = lines.reduce(
    (sum, line) => sum + (line.included ? line.amountMinor : 0),
    0,
  );
  const discount = discountMinor(subtotalMinor, quote.discount);
  const taxableMinor = subtotalMinor - discount;
  const taxMinor = Number(divideHalfUp(BigInt(taxableMinor) * BigInt(quote.taxBasisPoints), FULL));
  return {
    lines,
    subtotalMinor,
    discountMinor: discount,
    taxableMinor,
    taxMinor,
    totalMinor: taxableMinor + taxMinor,
  };
}

/**
 * Splits a total into shares proportional to the weights that always add up to the total exactly
 * (largest-remainder method): each share gets the whole part of its exact share, then the minor
 * units left over go one each to the largest fractional parts, earlier shares first on a tie.
 * Weights are read to two decimals; when they are all zero the total is split evenly.
 */
export function splitByWeights(totalMinor: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const scaled = weights.map((weight) => hundredths(Math.max(weight, 0)));
  const even = scaled.every((weight) => weight === BigInt(0));
  const used = even ? scaled.map(() => BigInt(1)) : scaled;
  const sumOfWeights = used.reduce((sum, weight) => sum + weight, BigInt(0));
  const total = BigInt(totalMinor);
  const shares = used.map((weight) => (total * weight) / sumOfWeights);
  const remainders = used.map((weight) => (total * weight) % sumOfWeights);
  let left = total - shares.reduce((sum, share) => sum + share, BigInt(0));
  const order = remainders
    .map((remainder, index) => ({ remainder, index }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  for (const { index } of order) {
    if (left <= BigInt(0)) break;
    shares[index] = (shares[index] ?? BigInt(0)) + BigInt(1);
    left -= BigInt(1);
  }
  return shares.map(Number);
}

export interface QuoteMilestoneAmount {
  id: string;
  name: string;
  amountMinor: number;
  dueDate: string | null;
}

type QuoteForMilestones = QuoteForTotals & {
  milestones: readonly Pick<
    QuoteMilestone,
    'id' | 'name' | 'durationDays' | 'lineItemIds' | 'dueDate'
  >[];
};

/**
 * Each milestone's share of the total. A milestone weighs the quantities of the included lines it
 * covers; when no milestone covers any, their durations weigh instead, and when those are all zero
 * too the total is split evenly. The amounts always add up to the total.
 */
export function milestoneAmounts(
  quote: QuoteForMilestones,
  totals: QuoteTotals = quoteTotals(quote),
): QuoteMilestoneAmount[] {
  const quantities = new Map(
    quote.lineItems.filter(lineIncluded).map((line) => [line.id, line.quantity] as const),
  );
  const byLines = quote.milestones.map((milestone) =>
    milestone.lineItemIds.reduce((sum, id) => sum + (quantities.get(id) ?? 0), 0),
  );
  const weights = byLines.some((weight) => weight > 0)
    ? byLines
    : quote.milestones.map((milestone) => milestone.durationDays);
  const amounts = splitByWeights(totals.totalMinor, weights);
  return quote.milestones.map((milestone, index) => ({
    id: milestone.id,
    name: milestone.name,
    amountMinor: amounts[index] ?? 0,
    dueDate: milestone.dueDate ?? null,
  }));
}

// Building a formatter is the slow part; the editor asks on every keystroke.
const digitsByCurrency = new Map<string, number>();

/** How many decimals the currency's minor unit has: 2 for USD and EUR, 0 for JPY, 3 for KWD. */
export function currencyMinorDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits;
    } catch {
      // Not a currency Intl knows: two decimals, like most currencies.
      digits = 2;
    }
    digits ??= 2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** Minor units as a plain decimal in major units: 125000 USD -> "1250.00", 5000 JPY -> "5000". */
export function minorToMajorString(minor: number, currency: string): string {
  const digits = currencyMinorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(minor)));
  if (digits === 0) return `${sign}${text}`;
  const padded = text.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

const quoteFormatters = new Map<string, Intl.NumberFormat | null>();

/**
 * An amount for people to read, with the currency's own decimals always shown: 125000 USD ->
 * "$1,250.00", 5000 JPY -> "¥5,000", 1250 KWD -> "KWD 1.250". A code Intl does not know reads
 * as the plain amount and the code ("12.50 XBT").
 */
export function formatQuoteMoney(minor: number, currency: string): string {
  let formatter = quoteFormatters.get(currency);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      formatter = null;
    }
    quoteFormatters.set(currency, formatter);
  }
  if (!formatter) return `${minorToMajorString(minor, currency)} ${currency}`;
  return formatter.format(minor / 10 ** currencyMinorDigits(currency));
}

/**
 * A typed amount in major units ("1,250.5", "1250") as minor units, rounded half up to the
 * currency's minor unit; null when it is not a plain non-negative number or is too large.
 */
export function majorStringToMinor(text: string, currency: string): number | null {
  const cleaned = text.trim().split(',').join('');
  const [whole = '', fraction = '', ...rest] = cleaned.split('.');
  if (rest.length > 0 || !isDigits(whole, 1, 16) || !isDigits(fraction, 0, 12)) return null;
  const digits = currencyMinorDigits(currency);
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  const roundUp = (fraction[digits] ?? '0') >= '5' ? 1 : 0;
  const minor = Number(whole) * 10 ** digits + Number(kept || '0') + roundUp;
  return Number.isSafeInteger(minor) ? minor : null;
}

function isDigits(text: string, min: number, max: number): boolean {
  if (text.length < min || text.length > max) return false;
  for (const char of text) if (char < '0' || char > '9') return false;
  return true;
}

export interface UpworkMilestone {
  /** The milestone description Upwork asks for. */
  name: string;
  /** Decimal in major units, no symbol or separators ("1250.00"), as Upwork's amount field takes it. */
  amount: string;
  /** YYYY-MM-DD, or null when the milestone has no due date. */
  dueDate: string | null;
}

/** Each milestone's name, amount and due date in the form Upwork's milestone dialog takes. */
export function milestonesForUpwork(
  quote: QuoteForMilestones & Pick<QuoteDocument, 'currency'>,
): UpworkMilestone[] {
  return milestoneAmounts(quote).map((milestone) => ({
    name: milestone.name,
    amount: minorToMajorString(milestone.amountMinor, quote.currency),
    dueDate: milestone.dueDate,
  }));
}
