/**
 * What the lazily loaded charts are drawn from. Types only: importing them never loads the
 * chart library.
 */

export type ChartDatum = Record<string, string | number | null>;

/** One line or bar series: the row key it reads and its name in the legend. */
export type ChartSeries = { key: string; label: string };

export type SeriesChartProps = {
  data: readonly ChartDatum[];
  /** The row key of the horizontal axis (a day, a week, a bucket label). */
  xKey: string;
  series: readonly ChartSeries[];
  formatX?: (value: string) => string;
  formatY?: (value: number) => string;
  /** Pixels; the width follows the card. */
  height?: number;
};

export type BarChartProps = SeriesChartProps & {
  /** Bars of one row stacked into one column instead of side by side. */
  stacked?: boolean;
};

/** A funnel drawn as horizontal bars, widest first. */
export type FunnelChartProps = {
  steps: ReadonlyArray<{ label: string; count: number }>;
  formatValue?: (value: number) => string;
  height?: number;
};

export type LazyChartProps =
  | ({ kind: 'line' } & SeriesChartProps)
  | ({ kind: 'bar' } & BarChartProps)
  | ({ kind: 'funnel' } & FunnelChartProps);
