import { and, sql } from 'drizzle-orm';

import {
  TRANSACTION_SIGN,
  type TransactionKind,
  type TransactionSource,
  type TransactionTotals,
} from '#contract/transactions';

import type { Database } from '../../db/client.ts';
import { transactions } from '../../db/schema/transactions.ts';
import { contractsOfUser } from '../leads/service.ts';
import { filterConditions, type TransactionFilter } from './repo.ts';

/**
 * Totals over the filtered ledger, per currency (amounts in different currencies are never
 * added): net (income less fees, refunds and expenses; withdrawals only move money), income,
 * Upwork fees, the fee rate actually paid (fees / income), and income and net by month, income by
 * client and by source. Summed in the database, so a ledger of any length is one pass.
 */

const NO_CLIENT = 'No client';

/** The signed amount of a row in SQL: + for income, - for fees, refunds and expenses, 0 else. */
const signed = sql<number>`case ${sql.join(
  (Object.entries(TRANSACTION_SIGN) as Array<[TransactionKind, number]>).map(
    ([kind, sign]) => sql`when ${transactions.kind} = ${kind} then ${sign}::int`,
  ),
  sql` `,
)} else 0 end * ${transactions.amountMinor}`;

const incomeOnly = sql`case when ${transactions.kind} = 'income' then ${transactions.amountMinor} else 0 end`;

type Money = { currency: string; amountMinor: number };

export async function transactionTotals(
  db: Database,
  userId: string,
  filter: TransactionFilter,
): Promise<TransactionTotals> {
  const where = and(...filterConditions(userId, filter));
  const month = sql<string>`to_char(${transactions.occurredOn}, 'YYYY-MM')`;
  const [byKind, byMonth, byClient, bySource, contracts] = await Promise.all([
    db
      .select({
        currency: transactions.currency,
        kind: transactions.kind,
        amountMinor: sql<string>`sum(${transactions.amountMinor})`,
      })
      .from(transactions)
      .where(where)
      .groupBy(transactions.currency, transactions.kind),
    db
      .select({
        month,
        currency: transactions.currency,
        incomeMinor: sql<string>`sum(${incomeOnly})`,
        netMinor: sql<string>`sum(${signed})`,
      })
      .from(transactions)
      .where(where)
      .groupBy(month, transactions.currency)
      .orderBy(month, transactions.currency),
    db
      .select({
        clientId: transactions.clientId,
        counterparty: transactions.counterparty,
        currency: transactions.currency,
        incomeMinor: sql<string>`sum(${transactions.amountMinor})`,
      })
      .from(transactions)
      .where(and(where, sql`${transactions.kind} = 'income'`))
      .groupBy(transactions.clientId, transactions.counterparty, transactions.currency),
    db
      .select({
        source: transactions.source,
        currency: transactions.currency,
        incomeMinor: sql<string>`sum(${transactions.amountMinor})`,
      })
      .from(transactions)
      .where(and(where, sql`${transactions.kind} = 'income'`))
      .groupBy(transactions.source, transactions.currency)
      .orderBy(transactions.source, transactions.currency),
    contractsOfUser(db, userId),
  ]);

  const net = new Map<string, number>();
  const income = new Map<string, number>();
  const fees = new Map<string, number>();
  for (const row of byKind) {
    const amount = Number(row.amountMinor);
    net.set(row.currency, (net.get(row.currency) ?? 0) + TRANSACTION_SIGN[row.kind] * amount);
    if (row.kind === 'income') income.set(row.currency, amount);
    if (row.kind === 'upwork_fee') fees.set(row.currency, amount);
  }
  const currencies = [...net.keys()].sort();
  const list = (map: Map<string, number>): Money[] =>
    currencies.map((currency) => ({ currency, amountMinor: map.get(currency) ?? 0 }));

  return {
    net: list(net),
    income: list(income),
    fees: list(fees),
    feeRate: currencies.map((currency) => {
      const paid = income.get(currency) ?? 0;
      return { currency, rate: paid > 0 ? (fees.get(currency) ?? 0) / paid : null };
    }),
    byMonth: byMonth.map((row) => ({
      month: row.month,
      currency: row.currency,
      incomeMinor: Number(row.incomeMinor),
      netMinor: Number(row.netMinor),
    })),
    byClient: clientTotals(byClient, contracts),
    bySource: bySource.map((row) => ({
      source: row.source as TransactionSource,
      currency: row.currency,
      incomeMinor: Number(row.incomeMinor),
    })),
  };
}

/**
 * Income per client and currency, largest first. Rows linked to a client are counted under the
 * client's name; the rest under the name the source wrote (an Upwork company, a CSV column).
 */
function clientTotals(
  rows: Array<{
    clientId: string | null;
    counterparty: string;
    currency: string;
    incomeMinor: string;
  }>,
  contracts: Array<{ clientId: string; clientName: string }>,
): TransactionTotals['byClient'] {
  const clientNames = new Map(
    contracts.map((contract) => [contract.clientId, contract.clientName]),
  );
  const totals = new Map<string, TransactionTotals['byClient'][number]>();
  for (const row of rows) {
    const name = (row.clientId && clientNames.get(row.clientId)) || row.counterparty || NO_CLIENT;
    const key = `${row.clientId ?? `name:${name}`}|${row.currency}`;
    const entry = totals.get(key) ?? {
      clientId: row.clientId,
      clientName: name,
      currency: row.currency,
      incomeMinor: 0,
    };
    entry.incomeMinor += Number(row.incomeMinor);
    totals.set(key, entry);
  }
  return [...totals.values()].sort(
    (a, b) => b.incomeMinor - a.incomeMinor || a.clientName.localeCompare(b.clientName),
  );
}
