import { ChartColumn, Download } from 'lucide-react';
import { Link } from 'react-router-dom';

import { downloadCsv } from '@/components/analytics/csv';
import { StatCard, StatGrid } from '@/components/analytics/stat-card';
import { buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';

import { KPI_CSV_COLUMNS, kpiCsvRows, type KpiRow } from './dashboard-kpis';

/** The KPI cards of the period, each beside the previous period, and their CSV download. */
export function DashboardKpiGrid({
  rows,
  comparedWith,
  csvFileName,
  onExport,
}: {
  rows: readonly KpiRow[];
  comparedWith: string;
  csvFileName: string;
  onExport: () => void;
}) {
  const download = () => {
    downloadCsv(csvFileName, KPI_CSV_COLUMNS, kpiCsvRows(rows));
    onExport();
  };
  return (
    <section aria-labelledby="dashboard-kpis-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="dashboard-kpis-title" className="text-base font-semibold">
          Key figures
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <Link to={paths.responseAnalytics} className={buttonClass.secondary}>
            <ChartColumn className="size-4" aria-hidden="true" />
            Response analytics
          </Link>
          <Link to={paths.quoteAnalytics} className={buttonClass.secondary}>
            <ChartColumn className="size-4" aria-hidden="true" />
            Quote analytics
          </Link>
          <button type="button" className={buttonClass.secondary} onClick={download}>
            <Download className="size-4" aria-hidden="true" />
            Download KPIs (CSV)
          </button>
        </div>
      </div>
      <StatGrid>
        {rows.map((row) => (
          <StatCard
            key={row.key}
            label={row.label}
            value={row.current}
            previous={row.previous}
            delta={row.delta}
            comparedWith={comparedWith}
            higherIsBetter={row.higherIsBetter}
            hint={row.hint}
          />
        ))}
      </StatGrid>
    </section>
  );
}
