import { sql } from 'drizzle-orm';

import { TRANSACTION_SIGN, type TransactionKind } from '#contract/transactions';
import type { DashboardCharts, KpiMoney } from '#contract/dashboard';

import type { Database } from '../../db/client.ts';
import { transactions } from '../../db/schema/transactions.ts';
import { bucketStartOf, bucketStarts, datesOfWindow, type DateBucket } from './local-dates.ts';
import type { AnalyticsRange } from './range.ts';
import { addTo, moneyTotalsOf, queryRows } from './sql-rows.ts';

/**
 * Earnings are net: income less Upwork fees, refunds and expenses; withdrawals only move money
 * and count for nothing. A transaction is dated (no time), so it counts in a period when its
 * date is one of the days the period covers in the user's time zone. Money is never added
 * across currencies: the chart draws the currency earned most in the period (the profile's when
 * nothing was earned) and names the net of the others.
 */

const DAY_MS = 86_400_000;
/** Periods up to this many days are drawn by day, up to WEEKLY_MAX_DAYS by week, else by month. */
const DAILY_MAX_DAYS = 31;
const WEEKLY_MAX_DAYS = 190;

export function earningsBucketOf(range: Pick<AnalyticsRange, 'from' | 'to'>): DateBucket {
  const days = Math.round((range.to.getTime() - range.from.getTime()) / DAY_MS);
  if (days <= DAILY_MAX_DAYS) return 'day';
  if (days <= WEEKLY_MAX_DAYS) return 'week';
  return 'month';
}

const KINDS = Object.entries(TRANSACTION_SIGN) as Array<[TransactionKind, number]>;
const kindsWithSign = (sign: number) =>
  KINDS.filter(([, kindSign]) => kindSign === sign).map(([kind]) => kind);

/** The amount of a row when its kind has this sign, else 0 (SQL). */
function amountWhenSign(sign: 1 | -1) {
  const kinds = kindsWithSign(sign);
  return sql`case when t.kind in (${sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  )}) then t.amount_minor else 0 end`;
}

type DayRow = { currency: string; day: string; income: string; deductions: string };

export type Earnings = { kpi: KpiMoney; chart: DashboardCharts['earnings'] };

/** Net earnings of the period and the previous one, and the chart's buckets: one query. */
export async function earnings(
  db: Database,
  userId: string,
  range: AnalyticsRange,
  /** The chart's currency when nothing was earned (read beside the ledger). */
  profileCurrency: Promise<string>,
): Promise<Earnings> {
  const current = datesOfWindow(range, range.tz);
  const previous = datesOfWindow({ from: range.previousFrom, to: range.previousTo }, range.tz);
  const rows = await queryRows<DayRow>(
    db,
    sql`
      select t.currency, to_char(t.occurred_on, 'YYYY-MM-DD') as day,
             sum(${amountWhenSign(1)})::text as income,
             sum(${amountWhenSign(-1)})::text as deductions
      from ${transactions} t
      where t.user_id = ${userId} and t.deleted_at is null
        and t.occurred_on >= ${previous.first}::date and t.occurred_on <= ${current.last}::date
      group by t.currency, t.occurred_on
    `,
  );

  const netNow = new Map<string, number>();
  const netBefore = new Map<string, number>();
  const incomeNow = new Map<string, number>();
  const inCurrent: Array<{ currency: string; day: string; income: number; deductions: number }> =
    [];
  for (const row of rows) {
    const income = Number(row.income);
    const deductions = Number(row.deductions);
    if (row.day >= previous.first && row.day <= previous.last) {
      addTo(netBefore, row.currency, income - deductions);
    }
    if (row.day >= current.first && row.day <= current.last) {
      addTo(netNow, row.currency, income - deductions);
      addTo(incomeNow, row.currency, income);
      inCurrent.push({ currency: row.currency, day: row.day, income, deductions });
    }
  }

  const fallbackCurrency = await profileCurrency;
  const currency = currencyEarnedMost(incomeNow) ?? fallbackCurrency;
  const bucket = earningsBucketOf(range);
  const points = new Map(
    bucketStarts(current.first, current.last, bucket).map((start) => [
      start,
      { start, incomeMinor: 0, deductionsMinor: 0, netMinor: 0 },
    ]),
  );
  for (const row of inCurrent) {
    if (row.currency !== currency) continue;
    const point = points.get(bucketStartOf(row.day, bucket));
    if (!point) continue;
    point.incomeMinor += row.income;
    point.deductionsMinor += row.deductions;
    point.netMinor += row.income - row.deductions;
  }
  const others = new Map([...netNow].filter(([code]) => code !== currency));

  return {
    kpi: { current: moneyTotalsOf(netNow), previous: moneyTotalsOf(netBefore) },
    chart: {
      bucket,
      currency,
      points: [...points.values()],
      otherCurrencies: moneyTotalsOf(others),
    },
  };
}

/** The currency with the most income (ties: the first code alphabetically); null for none. */
function currencyEarnedMost(income: Map<string, number>): string | null {
  let best: { currency: string; amount: number } | null = null;
  for (const [currency, amount] of income) {
    if (amount <= 0) continue;
    if (!best || amount > best.amount || (amount === best.amount && currency < best.currency)) {
      best = { currency, amount };
    }
  }
  return best?.currency ?? null;
}
