import { PeriodPicker, previousPeriodLabel, usePeriodParam } from '@/components/analytics/period';
import { LoadFailed } from '@/components/ui/load-failed';
import { PageHeader } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import type { AnalyticsPeriod, AnalyticsRangeQuery } from '@/contract/analytics-range';
import type { Dashboard } from '@/contract/dashboard';
import { apiErrorMessage } from '@/lib/api-error-message';
import { todayIn } from '@/lib/period-range';

import { DashboardChecklist } from './dashboard-checklist';
import { DashboardCharts } from './dashboard-charts';
import { DashboardKpiGrid } from './dashboard-kpi-grid';
import { kpiRows } from './dashboard-kpis';
import { DashboardLists } from './dashboard-lists';
import { useGetDashboardQuery } from './dashboard.api';
import { useDashboardActivity, type DashboardExportSubject } from './use-dashboard-activity';

/** Names downloads after the period: "dashboard-30d-2026-03-15", "dashboard-2026-02-01-to-2026-02-28". */
function fileStemOf(
  period: AnalyticsPeriod,
  query: AnalyticsRangeQuery,
  custom: { from?: string; to?: string },
): string {
  if (period === 'custom' && custom.from && custom.to) {
    return `dashboard-${custom.from}-to-${custom.to}`;
  }
  return `dashboard-${period}-${todayIn(new Date(), query.tz)}`;
}

function DashboardBody({
  dashboard,
  comparedWith,
  fileStem,
  onExport,
}: {
  dashboard: Dashboard;
  comparedWith: string;
  fileStem: string;
  onExport: (format: 'csv' | 'png', what: DashboardExportSubject) => void;
}) {
  if (!dashboard.hasData) {
    return (
      <div className="space-y-6">
        <DashboardChecklist steps={dashboard.checklist} />
        <DashboardLists lists={dashboard.lists} />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <DashboardKpiGrid
        rows={kpiRows(dashboard.kpis, dashboard.charts.earnings.currency)}
        comparedWith={comparedWith}
        csvFileName={`${fileStem}-kpis.csv`}
        onExport={() => onExport('csv', 'kpis')}
      />
      <DashboardCharts charts={dashboard.charts} fileStem={fileStem} onExport={onExport} />
      <DashboardLists lists={dashboard.lists} />
    </div>
  );
}

/** /dashboard: the period's key figures against the period before, three charts and four lists. */
export default function DashboardPage() {
  const { period, from, to, query } = usePeriodParam();
  const result = useGetDashboardQuery(query);
  const dashboard = result.currentData;
  const { logFilter, logExport } = useDashboardActivity({ period, query, loaded: dashboard });
  const comparedWith = previousPeriodLabel(query);

  let body;
  if (dashboard) {
    body = (
      <DashboardBody
        dashboard={dashboard}
        comparedWith={comparedWith}
        fileStem={fileStemOf(period, query, { from, to })}
        onExport={logExport}
      />
    );
  } else if (result.isError && !result.isFetching) {
    body = (
      <LoadFailed
        message={apiErrorMessage(
          result.error,
          'The dashboard could not be loaded. Check your connection and try again.',
        )}
        onRetry={() => void result.refetch()}
      />
    );
  } else {
    body = (
      <div role="status" className="flex items-center gap-3 p-6 text-slate-700 dark:text-slate-200">
        <Spinner className="size-4" />
        <span>Loading…</span>
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={'Dashboard'}
        description={`Your pipeline at a glance: responses, replies, quotes and earnings, compared with the ${comparedWith}.`}
        actions={<PeriodPicker onChange={logFilter} />}
      />
      {body}
    </>
  );
}
