import { useCallback, useEffect, useRef } from 'react';

import type { PeriodChange } from '@/components/analytics/period';
import type { AnalyticsPeriod, AnalyticsRangeQuery } from '@/contract/analytics-range';
import type { Dashboard } from '@/contract/dashboard';
import { useLogActivity } from '@/store/activity-logger';

/** What a dashboard download holds: the KPIs or one chart's data. */
export type DashboardExportSubject = 'kpis' | 'earnings' | 'funnel' | 'reply_rate';

/**
 * The dashboard's activity: view_dashboard once when it opens, dashboard_metrics once for each
 * period whose numbers load, dashboard_filter when the period changes and dashboard_export for
 * each download.
 */
export function useDashboardActivity(args: {
  period: AnalyticsPeriod;
  query: AnalyticsRangeQuery;
  /** The numbers of `query` once they have loaded (not while a new period loads). */
  loaded: Dashboard | undefined;
}) {
  const log = useLogActivity();
  const viewed = useRef(false);
  const measured = useRef<string | null>(null);
  const { period, query, loaded } = args;

  useEffect(() => {
    if (viewed.current) return;
    viewed.current = true;
    log({ action: 'view_dashboard' });
  }, [log]);

  useEffect(() => {
    if (!loaded) return;
    const key = `${query.from}/${query.to}`;
    if (measured.current === key) return;
    measured.current = key;
    log({
      action: 'dashboard_metrics',
      details: {
        period,
        from: query.from,
        to: query.to,
        responsesSent: loaded.kpis.responsesSent.current,
        replyRate: loaded.kpis.replyRate.current,
        earnings: loaded.kpis.earnings.current,
      },
    });
  }, [log, loaded, period, query.from, query.to]);

  const logFilter = useCallback(
    (change: PeriodChange) =>
      log({
        action: 'dashboard_filter',
        details: { period: change.period, from: change.from ?? null, to: change.to ?? null },
      }),
    [log],
  );

  const logExport = useCallback(
    (format: 'csv' | 'png', what: DashboardExportSubject) =>
      log({ action: 'dashboard_export', details: { format, what, period } }),
    [log, period],
  );

  return { logFilter, logExport };
}
