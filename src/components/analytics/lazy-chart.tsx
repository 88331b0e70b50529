import { lazy, Suspense } from 'react';

import type { LazyChartProps } from './charts/chart-types';

/**
 * A chart drawn by recharts, which loads with the first chart a screen shows: the library never
 * enters the sign-in route or the app shell's bundle.
 */

const LineChart = lazy(() => import('./charts/line-chart'));
const BarChart = lazy(() => import('./charts/bar-chart'));
const FunnelChart = lazy(() => import('./charts/funnel-chart'));

export type { LazyChartProps } from './charts/chart-types';

function ChartBody(props: LazyChartProps) {
  switch (props.kind) {
    case 'line': {
      const { kind: _kind, ...rest } = props;
      return <LineChart {...rest} />;
    }
    case 'bar': {
      const { kind: _kind, ...rest } = props;
      return <BarChart {...rest} />;
    }
    case 'funnel': {
      const { kind: _kind, ...rest } = props;
      return <FunnelChart {...rest} />;
    }
  }
}

export function LazyChart(props: LazyChartProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="py-8 text-center text-sm text-slate-600 dark:text-slate-300">
          Loading…
        </p>
      }
    >
      <ChartBody {...props} />
    </Suspense>
  );
}
