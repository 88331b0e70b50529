import type { ReactNode } from 'react';

import { Table, cellClass } from '@/components/ui/table';
import { formatMoney } from '@/contract/money';
import type { TransactionTotals as Totals } from '@/contract/transactions';

import { SOURCE_LABELS } from './transaction-table';
import { formatMonth, formatRate } from './transactions-format';

type Amounts = Array<{ currency: string; amountMinor: number }>;

/** One amount per currency, never added across currencies. */
function amountsText(amounts: Amounts): string {
  if (amounts.length === 0) return '—';
  return amounts.map((a) => formatMoney(a.amountMinor, a.currency, 'always')).join(' · ');
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-semibold break-words text-slate-900 tabular-nums dark:text-slate-50">
        {children}
      </dd>
    </div>
  );
}

/** "Fees 10.0% of income" per currency, or a dash without income. */
function feeRateText(totals: Totals): string {
  const known = totals.feeRate.filter((row) => row.rate !== null);
  if (known.length === 0) return '—';
  const many = known.length > 1;
  return known
    .map((row) => `${formatRate(row.rate ?? 0)} of income${many ? ` (${row.currency})` : ''}`)
    .join(' · ');
}

/** Net, income, fees and the fee rate actually paid, over the filtered ledger. */
export function TransactionTotalsStrip({ totals }: { totals: Totals | undefined }) {
  return (
    <dl aria-label="Totals" className="mb-4 grid grid-cols-2 gap-2 lg:grid-cols-4">
      <Stat label="Net">{totals ? amountsText(totals.net) : '…'}</Stat>
      <Stat label="Income">{totals ? amountsText(totals.income) : '…'}</Stat>
      <Stat label="Fees">{totals ? amountsText(totals.fees) : '…'}</Stat>
      <Stat label="Fee rate">{totals ? `Fees ${feeRateText(totals)}` : '…'}</Stat>
    </dl>
  );
}

const money = (minor: number, currency: string) => formatMoney(minor, currency, 'always');
const amountCell = `${cellClass} text-right tabular-nums whitespace-nowrap`;

/** Income and net by month, income by client and by source: plain tables, no chart. */
export function TransactionBreakdown({ totals }: { totals: Totals | undefined }) {
  if (!totals || totals.income.length + totals.net.length === 0) return null;
  return (
    <details className="mb-4 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <summary className="cursor-pointer text-sm font-medium">
        Totals by month, client and source
      </summary>
      <div className="mt-3 grid gap-4 lg:grid-cols-3">
        <section aria-label="By month">
          <h3 className="mb-2 text-sm font-semibold">By month</h3>
          <Table
            caption="Income and net by month"
            columns={[
              { key: 'month', label: 'Month' },
              { key: 'income', label: 'Income' },
              { key: 'net', label: 'Net' },
            ]}
          >
            {totals.byMonth.map((row) => (
              <tr key={`${row.month}:${row.currency}`}>
                <td className={`${cellClass} whitespace-nowrap`}>{formatMonth(row.month)}</td>
                <td className={amountCell}>{money(row.incomeMinor, row.currency)}</td>
                <td className={amountCell}>{money(row.netMinor, row.currency)}</td>
              </tr>
            ))}
          </Table>
        </section>
        <section aria-label="By client">
          <h3 className="mb-2 text-sm font-semibold">By client</h3>
          <Table
            caption="Income by client"
            columns={[
              { key: 'client', label: 'Client' },
              { key: 'income', label: 'Income' },
            ]}
          >
            {totals.byClient.map((row) => (
              <tr key={`${row.clientId ?? row.clientName}:${row.currency}`}>
                <td className={cellClass}>{row.clientName || 'No client'}</td>
                <td className={amountCell}>{money(row.incomeMinor, row.currency)}</td>
              </tr>
            ))}
          </Table>
        </section>
        <section aria-label="By source">
          <h3 className="mb-2 text-sm font-semibold">By source</h3>
          <Table
            caption="Income by source"
            columns={[
              { key: 'source', label: 'Source' },
              { key: 'income', label: 'Income' },
            ]}
          >
            {totals.bySource.map((row) => (
              <tr key={`${row.source}:${row.currency}`}>
                <td className={cellClass}>{SOURCE_LABELS[row.source]}</td>
                <td className={amountCell}>{money(row.incomeMinor, row.currency)}</td>
              </tr>
            ))}
          </Table>
        </section>
      </div>
    </details>
  );
}
