import {
  Bar,
  BarChart as RechartsBarChart,
  CartesianGrid,
  Legend,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import { seriesColour, useChartPalette } from './chart-palette';
import type { BarChartProps } from './chart-types';

/** Bars per series over the rows, side by side or stacked; loaded lazily. */
export default function BarChart({
  data,
  xKey,
  series,
  formatX,
  formatY,
  stacked = false,
  height = 260,
}: BarChartProps) {
  const palette = useChartPalette();
  const tick = { fill: palette.axis, fontSize: 12 };
  return (
    <RechartsBarChart
      responsive
      accessibilityLayer={false}
      data={[...data]}
      style={{ width: '100%', height }}
      margin={{ top: 8, right: 16, bottom: 4, left: 4 }}
    >
      <CartesianGrid stroke={palette.grid} strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey={xKey}
        tick={tick}
        stroke={palette.grid}
        tickFormatter={formatX ? (value: string) => formatX(String(value)) : undefined}
        minTickGap={8}
      />
      <YAxis
        tick={tick}
        stroke={palette.grid}
        width="auto"
        tickFormatter={formatY ? (value: number) => formatY(Number(value)) : undefined}
      />
      <Tooltip
        cursor={{ fill: palette.grid, opacity: 0.4 }}
        contentStyle={{
          background: palette.tooltipBackground,
          borderColor: palette.tooltipBorder,
          color: palette.text,
        }}
        labelFormatter={formatX ? (label) => formatX(String(label)) : undefined}
        formatter={formatY ? (value) => formatY(Number(value)) : undefined}
      />
      {series.length > 1 ? <Legend wrapperStyle={{ color: palette.axis, fontSize: 12 }} /> : null}
      {series.map((item, index) => (
        <Bar
          key={item.key}
          dataKey={item.key}
          name={item.label}
          fill={seriesColour(palette, index)}
          {...(stacked ? { stackId: 'stack' } : {})}
          isAnimationActive={false}
        />
      ))}
    </RechartsBarChart>
  );
}
