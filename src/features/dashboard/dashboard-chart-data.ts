import type { ChartTable } from '@/components/analytics/chart-card';
import type { ChartDatum } from '@/components/analytics/charts/chart-types';
import {
  formatCount,
  formatMajorMoney,
  formatMoneyTotals,
  formatRate,
  minorToMajor,
} from '@/components/analytics/format';
import {
  FUNNEL_STAGE_LABELS,
  type DashboardCharts,
  type FunnelStep,
  type WeeklyReplyRate,
} from '@/contract/dashboard';
import { formatMoney } from '@/contract/money';

/**
 * The dashboard's three charts as rows: what the chart draws, the table a screen reader reads
 * (and anyone can switch to), the CSV file, and a sentence that sums the chart up.
 */

type EarningsChart = DashboardCharts['earnings'];
type Bucket = EarningsChart['bucket'];

const dayLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const monthLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Mar 2" for a day, "Mar 2026" for a month (a yyyy-mm-dd day in the user's time zone). */
export function bucketLabel(start: string, bucket: Bucket): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return start;
  return bucket === 'month' ? monthLabel.format(date) : dayLabel.format(date);
}

const BUCKET_NOUN: Record<Bucket, string> = { day: 'Day', week: 'Week of', month: 'Month' };
const BUCKET_PLURAL: Record<Bucket, string> = { day: 'days', week: 'weeks', month: 'months' };

export type ChartModel = { data: ChartDatum[]; table: ChartTable; summary: string };

export function earningsModel(chart: EarningsChart): ChartModel {
  const { currency, bucket, points } = chart;
  const shown = (value: string | number | null) =>
    formatMajorMoney(typeof value === 'number' ? value : null, currency);
  const data = points.map((point) => ({
    start: point.start,
    label: bucketLabel(point.start, bucket),
    income: minorToMajor(point.incomeMinor, currency),
    deductions: minorToMajor(point.deductionsMinor, currency),
    net: minorToMajor(point.netMinor, currency),
  }));
  const totalNet = points.reduce((sum, point) => sum + point.netMinor, 0);
  const best = points.reduce<(typeof points)[number] | null>(
    (top, point) => (top === null || point.netMinor > top.netMinor ? point : top),
    null,
  );
  const summary =
    points.length === 0
      ? `No earnings in ${currency} in this period.`
      : `Net earnings by ${bucket} in ${currency}: ${formatMoney(totalNet, currency)} over ${points.length} ${BUCKET_PLURAL[bucket]}` +
        (best && best.netMinor > 0
          ? `; the most, ${formatMoney(best.netMinor, currency)}, in ${bucket === 'week' ? 'the week of ' : ''}${bucketLabel(best.start, bucket)}.`
          : '.') +
        (chart.otherCurrencies.length > 0
          ? ` Also earned, not drawn: ${formatMoneyTotals(chart.otherCurrencies)}.`
          : '');
  return {
    data,
    summary,
    table: {
      columns: [
        {
          key: 'start',
          label: BUCKET_NOUN[bucket],
          format: (value) => bucketLabel(String(value), bucket),
        },
        { key: 'income', label: `Income (${currency})`, format: shown },
        { key: 'deductions', label: `Fees, refunds and expenses (${currency})`, format: shown },
        { key: 'net', label: `Net (${currency})`, format: shown },
      ],
      rows: data.map(({ start, income, deductions, net }) => ({ start, income, deductions, net })),
    },
  };
}

export function funnelModel(steps: readonly FunnelStep[]): ChartModel {
  const sent = steps.find((step) => step.stage === 'sent')?.count ?? 0;
  const data = steps.map((step) => ({
    stage: FUNNEL_STAGE_LABELS[step.stage],
    count: step.count,
    share: sent > 0 ? step.count / sent : null,
  }));
  const [first, ...rest] = steps;
  const summary =
    first === undefined || sent === 0
      ? 'No responses sent in this period.'
      : `Of ${formatCount(first.count)} responses sent, ` +
        rest
          .map(
            (step) => `${formatCount(step.count)} ${FUNNEL_STAGE_LABELS[step.stage].toLowerCase()}`,
          )
          .join(', ') +
        '.';
  return {
    data,
    summary,
    table: {
      columns: [
        { key: 'stage', label: 'Stage' },
        { key: 'count', label: 'Responses' },
        {
          key: 'share',
          label: 'Share of sent',
          format: (value) => formatRate(typeof value === 'number' ? value : null),
        },
      ],
      rows: data,
    },
  };
}

export function replyRateModel(weeks: readonly WeeklyReplyRate[]): ChartModel {
  const data = weeks.map((week) => ({
    weekStart: week.weekStart,
    label: bucketLabel(week.weekStart, 'week'),
    sent: week.sent,
    replied: week.replied,
    rate: week.rate,
    percent: week.rate === null ? null : Math.round(week.rate * 1000) / 10,
  }));
  const measured = weeks.filter((week) => week.rate !== null);
  const sent = weeks.reduce((sum, week) => sum + week.sent, 0);
  const replied = weeks.reduce((sum, week) => sum + week.replied, 0);
  const low = measured.reduce<WeeklyReplyRate | null>(
    (min, week) => (min === null || (week.rate ?? 0) < (min.rate ?? 0) ? week : min),
    null,
  );
  const high = measured.reduce<WeeklyReplyRate | null>(
    (max, week) => (max === null || (week.rate ?? 0) > (max.rate ?? 0) ? week : max),
    null,
  );
  const summary =
    measured.length === 0 || !low || !high
      ? 'No responses sent in this period, so there is no reply rate yet.'
      : `Reply rate by week over ${weeks.length} weeks: ${formatRate(replied / sent)} overall, ` +
        `lowest ${formatRate(low.rate)} in the week of ${bucketLabel(low.weekStart, 'week')}, ` +
        `highest ${formatRate(high.rate)} in the week of ${bucketLabel(high.weekStart, 'week')}.`;
  return {
    data,
    summary,
    table: {
      columns: [
        {
          key: 'weekStart',
          label: 'Week of',
          format: (value) => bucketLabel(String(value), 'week'),
        },
        { key: 'sent', label: 'Sent' },
        { key: 'replied', label: 'Replied' },
        {
          key: 'rate',
          label: 'Reply rate',
          format: (value) => formatRate(typeof value === 'number' ? value : null),
        },
      ],
      rows: data.map(({ weekStart, sent: s, replied: r, rate }) => ({
        weekStart,
        sent: s,
        replied: r,
        rate,
      })),
    },
  };
}
