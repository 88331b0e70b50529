import {
  formatCount,
  formatMoneyTotals,
  formatRate,
  NO_VALUE,
} from '@/components/analytics/format';
import {
  moneyDelta,
  pointsDelta,
  relativeDelta,
  type StatDelta,
} from '@/components/analytics/stat-card';
import type { DashboardKpiKey, DashboardKpis, KpiMoney, KpiNumber } from '@/contract/dashboard';
import { formatMoney } from '@/contract/money';

/**
 * The dashboard's key figures as people read them: one row per KPI with this period's value,
 * the previous period's and the change. The cards and the KPI CSV file are both made from these
 * rows, so the file says what the screen says.
 */

/** Connects are bought in US dollars; costs per reply and per hire are in USD minor units. */
const CONNECT_CURRENCY = 'USD';

export type KpiRow = {
  key: DashboardKpiKey;
  label: string;
  current: string;
  previous: string;
  delta: StatDelta | null;
  /** null: neither direction is good or bad news (Connects spent, quotes awaiting). */
  higherIsBetter: boolean | null;
  hint: string;
};

type KpiSpec = {
  label: string;
  hint: string;
  higherIsBetter: boolean | null;
  kind: 'count' | 'rate' | 'connects' | 'usd' | 'money';
};

const SPECS: Record<DashboardKpiKey, KpiSpec> = {
  responsesSent: {
    label: 'Responses sent',
    hint: 'Responses marked sent in the period.',
    higherIsBetter: true,
    kind: 'count',
  },
  replyRate: {
    label: 'Reply rate',
    hint: 'Of those, the share the client replied to.',
    higherIsBetter: true,
    kind: 'rate',
  },
  interviewRate: {
    label: 'Interview rate',
    hint: 'The share that reached an interview.',
    higherIsBetter: true,
    kind: 'rate',
  },
  hireRate: {
    label: 'Hire rate',
    hint: 'The share that led to a hire.',
    higherIsBetter: true,
    kind: 'rate',
  },
  connectsSpent: {
    label: 'Connects spent',
    hint: 'Connects of the responses sent in the period.',
    higherIsBetter: null,
    kind: 'connects',
  },
  connectsPerReply: {
    label: 'Connects per reply',
    hint: 'Connects spent for each reply.',
    higherIsBetter: false,
    kind: 'connects',
  },
  connectsPerHire: {
    label: 'Connects per hire',
    hint: 'Connects spent for each hire.',
    higherIsBetter: false,
    kind: 'connects',
  },
  costPerReplyMinor: {
    label: 'Cost per reply',
    hint: 'Connects per reply at their price in US dollars.',
    higherIsBetter: false,
    kind: 'usd',
  },
  costPerHireMinor: {
    label: 'Cost per hire',
    hint: 'Connects per hire at their price in US dollars.',
    higherIsBetter: false,
    kind: 'usd',
  },
  earnings: {
    label: 'Earnings',
    hint: 'Income minus Upwork fees, refunds and expenses.',
    higherIsBetter: true,
    kind: 'money',
  },
  pipelineValue: {
    label: 'Open pipeline value',
    hint: 'Open leads weighted by their probability, at the end of the period.',
    higherIsBetter: true,
    kind: 'money',
  },
  quotesAwaiting: {
    label: 'Quotes awaiting a decision',
    hint: 'Sent or viewed and not yet accepted, declined or expired.',
    higherIsBetter: null,
    kind: 'count',
  },
};

/** The order of the cards and of the CSV rows. */
export const KPI_ORDER: readonly DashboardKpiKey[] = [
  'responsesSent',
  'replyRate',
  'interviewRate',
  'hireRate',
  'connectsSpent',
  'connectsPerReply',
  'connectsPerHire',
  'costPerReplyMinor',
  'costPerHireMinor',
  'earnings',
  'pipelineValue',
  'quotesAwaiting',
];

function formatNumber(kind: KpiSpec['kind'], value: number | null): string {
  if (value === null) return NO_VALUE;
  if (kind === 'rate') return formatRate(value);
  if (kind === 'usd') return formatMoney(Math.round(value), CONNECT_CURRENCY);
  return formatCount(value);
}

function isMoney(kpi: KpiNumber | KpiMoney): kpi is KpiMoney {
  return Array.isArray(kpi.current);
}

/** The rows of the KPIs; money with nothing in it reads as 0 in `homeCurrency`. */
export function kpiRows(kpis: DashboardKpis, homeCurrency: string): KpiRow[] {
  const zero = formatMoney(0, homeCurrency);
  return KPI_ORDER.map((key) => {
    const spec = SPECS[key];
    const kpi = kpis[key];
    const base = { key, label: spec.label, hint: spec.hint, higherIsBetter: spec.higherIsBetter };
    if (isMoney(kpi)) {
      return {
        ...base,
        current: formatMoneyTotals(kpi.current, zero),
        previous: formatMoneyTotals(kpi.previous, zero),
        delta: moneyDelta(kpi.current, kpi.previous),
      };
    }
    return {
      ...base,
      current: formatNumber(spec.kind, kpi.current),
      previous: formatNumber(spec.kind, kpi.previous),
      delta:
        spec.kind === 'rate'
          ? pointsDelta(kpi.current, kpi.previous)
          : relativeDelta(kpi.current, kpi.previous),
    };
  });
}

export const KPI_CSV_COLUMNS = [
  { key: 'kpi', label: 'KPI' },
  { key: 'current', label: 'This period' },
  { key: 'previous', label: 'Previous period' },
] as const;

/** One CSV row per KPI: its name, this period and the previous period (empty: not computable). */
export function kpiCsvRows(rows: readonly KpiRow[]): Array<Record<string, string>> {
  return rows.map((row) => ({
    kpi: row.label,
    current: row.current === NO_VALUE ? '' : row.current,
    previous: row.previous === NO_VALUE ? '' : row.previous,
  }));
}
