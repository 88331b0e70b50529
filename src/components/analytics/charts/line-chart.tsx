import {
  CartesianGrid,
  Legend,
  Line,
  LineChart as RechartsLineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import { seriesColour, useChartPalette } from './chart-palette';
import type { SeriesChartProps } from './chart-types';

/** A line per series over the rows; loaded lazily (recharts stays out of the main bundle). */
export default function LineChart({
  data,
  xKey,
  series,
  formatX,
  formatY,
  height = 260,
}: SeriesChartProps) {
  const palette = useChartPalette();
  const tick = { fill: palette.axis, fontSize: 12 };
  return (
    <RechartsLineChart
      responsive
      accessibilityLayer={false}
      data={[...data]}
      style={{ width: '100%', height }}
      margin={{ top: 8, right: 16, bottom: 4, left: 4 }}
    >
      <CartesianGrid stroke={palette.grid} strokeDasharray="3 3" />
      <XAxis
        dataKey={xKey}
        tick={tick}
        stroke={palette.grid}
        tickFormatter={formatX ? (value: string) => formatX(String(value)) : undefined}
        minTickGap={16}
      />
      <YAxis
        tick={tick}
        stroke={palette.grid}
        width="auto"
        tickFormatter={formatY ? (value: number) => formatY(Number(value)) : undefined}
      />
      <Tooltip
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
        <Line
          key={item.key}
          type="monotone"
          dataKey={item.key}
          name={item.label}
          stroke={seriesColour(palette, index)}
          strokeDasharray={palette.dashes[index % palette.dashes.length]}
          strokeWidth={2}
          dot={data.length <= 31}
          connectNulls
          isAnimationActive={false}
        />
      ))}
    </RechartsLineChart>
  );
}
