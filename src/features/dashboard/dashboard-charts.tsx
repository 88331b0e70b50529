import { ChartCard } from '@/components/analytics/chart-card';
import { formatMajorMoney, formatMoneyTotals } from '@/components/analytics/format';
import { LazyChart } from '@/components/analytics/lazy-chart';
import type { DashboardCharts as Charts } from '@/contract/dashboard';

import { earningsModel, funnelModel, replyRateModel } from './dashboard-chart-data';
import type { DashboardExportSubject } from './use-dashboard-activity';

const BUCKET_TITLE = { day: 'by day', week: 'by week', month: 'by month' } as const;

/** Earnings over time, the response funnel and the reply rate by week, each with its table. */
export function DashboardCharts({
  charts,
  fileStem,
  onExport,
}: {
  charts: Charts;
  /** Start of the file names, with the period: "dashboard-2026-03-01-2026-03-30". */
  fileStem: string;
  onExport: (format: 'csv' | 'png', what: DashboardExportSubject) => void;
}) {
  const earnings = earningsModel(charts.earnings);
  const funnel = funnelModel(charts.funnel);
  const replyRate = replyRateModel(charts.replyRateByWeek);
  const { currency, otherCurrencies, bucket } = charts.earnings;
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <div className="xl:col-span-2">
        <ChartCard
          title={`Earnings ${BUCKET_TITLE[bucket]}`}
          description={
            <>
              Net of Upwork fees, refunds and expenses, in {currency}.
              {otherCurrencies.length > 0
                ? ` Also earned in other currencies (not drawn): ${formatMoneyTotals(otherCurrencies)}.`
                : null}
            </>
          }
          summary={earnings.summary}
          table={earnings.table}
          csvFileName={`${fileStem}-earnings.csv`}
          pngFileName={`${fileStem}-earnings.png`}
          onExport={(format) => onExport(format, 'earnings')}
          emptyText={`No earnings in ${currency} in this period.`}
        >
          <LazyChart
            kind="bar"
            data={earnings.data}
            xKey="label"
            series={[{ key: 'net', label: `Net (${currency})` }]}
            formatY={(value) => formatMajorMoney(value, currency)}
          />
        </ChartCard>
      </div>
      <ChartCard
        title="Response funnel"
        description="Responses sent in the period, counted at the furthest stage each reached."
        summary={funnel.summary}
        table={funnel.table}
        csvFileName={`${fileStem}-funnel.csv`}
        pngFileName={`${fileStem}-funnel.png`}
        onExport={(format) => onExport(format, 'funnel')}
      >
        <LazyChart
          kind="funnel"
          steps={funnel.data.map((row) => ({ label: String(row.stage), count: Number(row.count) }))}
        />
      </ChartCard>
      <ChartCard
        title="Reply rate by week"
        description="The share of each week's responses that the client replied to."
        summary={replyRate.summary}
        table={replyRate.table}
        csvFileName={`${fileStem}-reply-rate.csv`}
        pngFileName={`${fileStem}-reply-rate.png`}
        onExport={(format) => onExport(format, 'reply_rate')}
        emptyText="No responses sent in this period."
      >
        <LazyChart
          kind="line"
          data={replyRate.data}
          xKey="label"
          series={[{ key: 'percent', label: 'Reply rate (%)' }]}
          formatY={(value) => `${value}%`}
        />
      </ChartCard>
    </div>
  );
}
