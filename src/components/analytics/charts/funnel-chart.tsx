import {
  Bar,
  BarChart as RechartsBarChart,
  CartesianGrid,
  LabelList,
  XAxis,
  YAxis,
} from 'recharts';

import { seriesColour, useChartPalette } from './chart-palette';
import type { FunnelChartProps } from './chart-types';

/** A funnel as horizontal bars, one per step, each labelled with its count; loaded lazily. */
export default function FunnelChart({ steps, formatValue, height }: FunnelChartProps) {
  const palette = useChartPalette();
  const tick = { fill: palette.axis, fontSize: 12 };
  const format = formatValue ?? ((value: number) => String(value));
  return (
    <RechartsBarChart
      responsive
      accessibilityLayer={false}
      layout="vertical"
      data={steps.map((step) => ({ label: step.label, count: step.count }))}
      style={{ width: '100%', height: height ?? 48 * steps.length + 32 }}
      margin={{ top: 4, right: 48, bottom: 4, left: 4 }}
    >
      <CartesianGrid stroke={palette.grid} strokeDasharray="3 3" horizontal={false} />
      <XAxis type="number" tick={tick} stroke={palette.grid} allowDecimals={false} />
      <YAxis type="category" dataKey="label" tick={tick} stroke={palette.grid} width="auto" />
      <Bar dataKey="count" name="Count" fill={seriesColour(palette, 0)} isAnimationActive={false}>
        <LabelList
          dataKey="count"
          position="right"
          fill={palette.text}
          fontSize={12}
          formatter={(value) => format(Number(value))}
        />
      </Bar>
    </RechartsBarChart>
  );
}
