import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import type { ReactNode } from 'react';

import type { MoneyTotals } from '@/contract/analytics-range';

/**
 * One key figure of a period beside the period before it. The change is written out ("+12% vs
 * previous 30 days", "down 3 points"), so the arrow and its colour only repeat what the text says.
 */

/** A change from the previous period: relative (0.12 = 12% more) or in percentage points. */
export type StatDelta = { value: number; unit: 'percent' | 'points' };

/** current / previous - 1; null when there is nothing to compare with (no previous, or 0). */
export function relativeDelta(current: number | null, previous: number | null): StatDelta | null {
  if (current === null || previous === null || previous === 0) return null;
  return { value: current / previous - 1, unit: 'percent' };
}

/** The change of a rate in percentage points (0.24 - 0.20 = 4 points). */
export function pointsDelta(current: number | null, previous: number | null): StatDelta | null {
  if (current === null || previous === null) return null;
  return { value: (current - previous) * 100, unit: 'points' };
}

/**
 * The change of money in the currency earned most now, against the same currency before; null
 * when that currency has no previous amount to compare with.
 */
export function moneyDelta(current: MoneyTotals, previous: MoneyTotals): StatDelta | null {
  const main = current[0];
  if (!main) return null;
  const before = previous.find((amount) => amount.currency === main.currency);
  return relativeDelta(main.amountMinor, before?.amountMinor ?? null);
}

function roundedChange(delta: StatDelta): number {
  const amount = delta.unit === 'percent' ? delta.value * 100 : delta.value;
  return Math.abs(amount) < 10 ? Math.round(amount * 10) / 10 : Math.round(amount);
}

/** "+12%", "-3.5 points", "no change". */
export function formatDelta(delta: StatDelta): string {
  const amount = roundedChange(delta);
  if (amount === 0) return 'no change';
  const sign = amount > 0 ? '+' : '-';
  const size = Math.abs(amount);
  return delta.unit === 'percent'
    ? `${sign}${size}%`
    : `${sign}${size} ${size === 1 ? 'point' : 'points'}`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type Direction = 'up' | 'down' | 'flat';

function directionOf(delta: StatDelta): Direction {
  const amount = roundedChange(delta);
  return amount > 0 ? 'up' : amount < 0 ? 'down' : 'flat';
}

const TONE = {
  good: 'text-emerald-700 dark:text-emerald-300',
  bad: 'text-rose-700 dark:text-rose-300',
  neutral: 'text-slate-600 dark:text-slate-300',
} as const;

export type StatCardProps = {
  label: string;
  /** This period's value, formatted. */
  value: string;
  /** The previous period's value, formatted; left out when there is no comparison. */
  previous?: string;
  /** The change from the previous period; null or left out reads as no comparison. */
  delta?: StatDelta | null;
  /** What the period is compared with: "previous 30 days". */
  comparedWith?: string;
  /**
   * Whether a rise is good news (replies) or bad news (cost per reply); null when it is neither.
   * Only the colour depends on it.
   */
  higherIsBetter?: boolean | null;
  /** A short note under the value (how the figure is counted). */
  hint?: string;
};

export function StatCard({
  label,
  value,
  previous,
  delta = null,
  comparedWith = 'previous period',
  higherIsBetter = true,
  hint,
}: StatCardProps) {
  const direction = delta ? directionOf(delta) : 'flat';
  const tone =
    direction === 'flat' || higherIsBetter === null
      ? TONE.neutral
      : (direction === 'up') === higherIsBetter
        ? TONE.good
        : TONE.bad;
  const Arrow =
    direction === 'up' ? ArrowUpRight : direction === 'down' ? ArrowDownRight : ArrowRight;
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tracking-tight break-words tabular-nums sm:text-2xl text-slate-900 dark:text-slate-50">
        {value}
      </dd>
      <dd className={`mt-1 flex items-start gap-1 text-xs ${tone}`}>
        {delta ? (
          <>
            <Arrow className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            <span>
              {formatDelta(delta)} vs {comparedWith}
              {previous !== undefined ? ` (${previous})` : null}
            </span>
          </>
        ) : (
          <span>
            {previous !== undefined
              ? `${capitalized(comparedWith)}: ${previous}`
              : `Nothing to compare with the ${comparedWith}`}
          </span>
        )}
      </dd>
      {hint ? <dd className="mt-1 text-xs text-slate-600 dark:text-slate-300">{hint}</dd> : null}
    </div>
  );
}

/** The grid the cards sit in: a description list, one or two columns on a phone. */
export function StatGrid({ children }: { children: ReactNode }) {
  return (
    <dl className="grid grid-cols-1 gap-3 min-[380px]:grid-cols-2 lg:grid-cols-4">{children}</dl>
  );
}
