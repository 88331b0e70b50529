import { ChartNoAxesColumn } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { Link } from 'react-router-dom';

import type { ChartExportFormat } from '@/components/analytics/chart-card';
import { PeriodPicker, previousPeriodLabel, usePeriodParam } from '@/components/analytics/period';
import { LoadFailed } from '@/components/ui/load-failed';
import { RouteLoading } from '@/components/ui/loading';
import { buttonClass, EmptyState, PageHeader } from '@/components/ui/page';
import { paths } from '@/config/paths';
import type { QuoteAnalytics } from '@/contract/quote-analytics';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useLogActivity } from '@/store/activity-logger';

import { useGetQuoteAnalyticsQuery } from './analytics.api';
import { OptionalItemsTable } from './quotes/optional-items-table';
import { QuoteStatCards } from './quotes/quote-stat-cards';
import { QuoteTemplateTable } from './quotes/quote-template-table';
import { ValueByStatusChart } from './quotes/value-by-status-chart';

/**
 * /quote-analytics: the quotes created in the period and how clients answered them (counts,
 * acceptance rate against the period before, values, time to decision), their value by status,
 * by template, and which optional items clients tick when they accept.
 */
export default function QuoteAnalyticsPage() {
  const { query } = usePeriodParam();
  const analytics = useGetQuoteAnalyticsQuery(query);
  const log = useLogActivity();

  useEffect(() => {
    log({ action: 'view_analytics', details: { page: 'quotes' } });
  }, [log]);

  const logTableExport = useCallback(
    (table: string) => log({ action: 'export_data', details: { page: 'quotes', table } }),
    [log],
  );
  const logChartExport = useCallback(
    (chart: string, format: ChartExportFormat) => {
      if (format === 'csv') logTableExport(chart);
      else log({ action: 'export_file', details: { page: 'quotes', chart, format } });
    },
    [log, logTableExport],
  );

  // The answer for the period on screen only: while another period loads, say so.
  const data = analytics.currentData;
  return (
    <>
      <PageHeader
        title="Quote Analytics"
        description="How your quotes are received and what they are worth."
        actions={<PeriodPicker />}
      />
      {data ? (
        <QuoteAnalyticsBody
          data={data}
          comparedWith={previousPeriodLabel(query)}
          onTableExport={logTableExport}
          onChartExport={logChartExport}
        />
      ) : analytics.isError && !analytics.isFetching ? (
        <LoadFailed
          message={apiErrorMessage(
            analytics.error,
            'The quote analytics could not be loaded. Check your connection.',
          )}
          onRetry={() => void analytics.refetch()}
        />
      ) : (
        <RouteLoading />
      )}
    </>
  );
}

function QuoteAnalyticsBody({
  data,
  comparedWith,
  onTableExport,
  onChartExport,
}: {
  data: QuoteAnalytics;
  comparedWith: string;
  onTableExport: (table: string) => void;
  onChartExport: (chart: string, format: ChartExportFormat) => void;
}) {
  if (data.totals.created === 0) {
    return (
      <EmptyState
        icon={<ChartNoAxesColumn className="size-8" />}
        title="No quotes created in this period"
        description="Acceptance rates and values appear here once you create and send quotes. Pick a longer period, or write a quote from an RFP."
        action={
          <Link to={paths.generateQuotes} className={buttonClass.primary}>
            Generate a quote
          </Link>
        }
      />
    );
  }
  return (
    <div className="space-y-6">
      <QuoteStatCards totals={data.totals} comparedWith={comparedWith} />
      <ValueByStatusChart
        data={data}
        onExport={(format) => onChartExport('value_by_status', format)}
      />
      <QuoteTemplateTable rows={data.byTemplate} onExport={() => onTableExport('by_template')} />
      <OptionalItemsTable
        rows={data.optionalItems}
        onExport={() => onTableExport('optional_items')}
      />
    </div>
  );
}
