import { ChartNoAxesColumn } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { Link } from 'react-router-dom';

import type { ChartExportFormat } from '@/components/analytics/chart-card';
import { PeriodPicker, usePeriodParam } from '@/components/analytics/period';
import { LoadFailed } from '@/components/ui/load-failed';
import { RouteLoading } from '@/components/ui/loading';
import { buttonClass, EmptyState, PageHeader } from '@/components/ui/page';
import { paths } from '@/config/paths';
import type { AnalyticsRangeQuery } from '@/contract/analytics-range';
import type { ResponseAnalytics } from '@/contract/response-analytics';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useLogActivity } from '@/store/activity-logger';

import { useGetResponseAnalyticsQuery } from './analytics.api';
import { BreakdownSection } from './responses/breakdown-section';
import { CalibrationPanel } from './responses/calibration-panel';
import { ComparePanel } from './responses/compare-panel';
import { ResponseFunnel } from './responses/response-funnel';
import { ResponseTotals } from './responses/response-totals';
import { templateOptions } from './responses/template-options';

/**
 * /response-analytics: what the responses sent in the period led to (funnel, totals, breakdowns),
 * a comparison of two variants or templates, and whether the fit score predicts replies.
 */
export default function ResponseAnalyticsPage() {
  const { query } = usePeriodParam();
  const analytics = useGetResponseAnalyticsQuery(query);
  const log = useLogActivity();

  useEffect(() => {
    log({ action: 'view_analytics', details: { page: 'responses' } });
  }, [log]);

  const logExport = useCallback(
    (table: string, format: ChartExportFormat) => {
      if (format === 'csv') log({ action: 'export_data', details: { page: 'responses', table } });
      else log({ action: 'export_file', details: { page: 'responses', chart: table, format } });
    },
    [log],
  );

  // The answer for the period on screen only: while another period loads, say so.
  const data = analytics.currentData;
  return (
    <>
      <PageHeader
        title="Response Analytics"
        description="Which responses, templates and jobs lead to replies and hires."
        actions={<PeriodPicker />}
      />
      {data ? (
        <ResponseAnalyticsBody data={data} query={query} onExport={logExport} />
      ) : analytics.isError && !analytics.isFetching ? (
        <LoadFailed
          message={apiErrorMessage(
            analytics.error,
            'The response analytics could not be loaded. Check your connection.',
          )}
          onRetry={() => void analytics.refetch()}
        />
      ) : (
        <RouteLoading />
      )}
    </>
  );
}

function ResponseAnalyticsBody({
  data,
  query,
  onExport,
}: {
  data: ResponseAnalytics;
  query: AnalyticsRangeQuery;
  onExport: (table: string, format: ChartExportFormat) => void;
}) {
  const calibration = <CalibrationPanel calibration={data.calibration} />;
  if (data.totals.sent === 0) {
    return (
      <div className="space-y-6">
        <EmptyState
          icon={<ChartNoAxesColumn className="size-8" />}
          title="No responses sent in this period"
          description="The funnel, breakdowns and comparisons appear once you send responses. Pick a longer period, or find a job worth your Connects."
          action={
            <Link to={paths.jobs} className={buttonClass.primary}>
              Browse jobs
            </Link>
          }
        />
        {data.calibration.scoredSends > 0 ? calibration : null}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <ResponseTotals totals={data.totals} />
      <ResponseFunnel steps={data.funnel} onExport={(format) => onExport('funnel', format)} />
      <BreakdownSection
        breakdowns={data.breakdowns}
        onExport={(dimension, format) => onExport(dimension, format)}
      />
      <ComparePanel query={query} templates={templateOptions(data.breakdowns)} />
      {calibration}
    </div>
  );
}
