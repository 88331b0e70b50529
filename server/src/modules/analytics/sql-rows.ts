import type { SQL } from 'drizzle-orm';

import type { MoneyTotals } from '#contract/analytics-range';

import type { Database } from '../../db/client.ts';

/** Rows of a raw query; both drivers (PGlite and node-postgres) answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Amounts per currency as a money total: zero amounts left out, largest first (then by
 * currency code, so equal amounts keep one order).
 */
export function moneyTotalsOf(amounts: Map<string, number>): MoneyTotals {
  return [...amounts]
    .filter(([, amountMinor]) => amountMinor !== 0)
    .map(([currency, amountMinor]) => ({ currency, amountMinor }))
    .sort((a, b) => b.amountMinor - a.amountMinor || a.currency.localeCompare(b.currency));
}

/** Adds an amount to a currency's running total. */
export function addTo(amounts: Map<string, number>, currency: string, amountMinor: number): void {
  amounts.set(currency, (amounts.get(currency) ?? 0) + amountMinor);
}
