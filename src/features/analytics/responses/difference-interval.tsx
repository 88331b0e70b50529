import type { CompareResult } from '@/contract/response-analytics';

import { differenceText, formatPoints } from './compare-text';

const WIDTH = 320;
const HEIGHT = 56;
const PAD = 24;
const AXIS_Y = 26;

/** Half the axis: the interval's farthest end, at least 10 points, rounded up to 5 points. */
function halfSpan(low: number, high: number): number {
  const farthest = Math.max(Math.abs(low), Math.abs(high), 0.1);
  return Math.ceil(farthest * 20) / 20;
}

/**
 * The difference B − A with its 95% interval drawn as a bar on an axis centred on zero: a bar
 * that crosses the zero line means the two may not differ. Screen readers get it as an image
 * named by the same sentence the text beside it says.
 */
export function DifferenceInterval({ result }: { result: CompareResult }) {
  const { difference, differenceLow: low, differenceHigh: high } = result;
  if (difference === null || low === null || high === null) return null;
  const span = halfSpan(low, high);
  const x = (value: number) => PAD + ((value + span) / (2 * span)) * (WIDTH - 2 * PAD);
  const crossesZero = low <= 0 && high >= 0;
  const barClass = crossesZero
    ? 'fill-amber-500 dark:fill-amber-400'
    : 'fill-emerald-600 dark:fill-emerald-400';
  return (
    <svg
      role="img"
      aria-label={differenceText(result)}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full max-w-md text-slate-700 dark:text-slate-200"
    >
      <line
        x1={PAD}
        x2={WIDTH - PAD}
        y1={AXIS_Y}
        y2={AXIS_Y}
        className="stroke-slate-300 dark:stroke-slate-600"
        strokeWidth={1}
      />
      <line
        x1={x(0)}
        x2={x(0)}
        y1={6}
        y2={AXIS_Y + 12}
        stroke="currentColor"
        strokeWidth={1.5}
        strokeDasharray="3 2"
      />
      <rect
        x={x(low)}
        y={AXIS_Y - 5}
        width={Math.max(x(high) - x(low), 2)}
        height={10}
        rx={3}
        className={barClass}
      />
      <circle
        cx={x(difference)}
        cy={AXIS_Y}
        r={5}
        className="fill-white stroke-slate-900 dark:fill-slate-900 dark:stroke-slate-50"
        strokeWidth={2}
      />
      <text x={x(0)} y={HEIGHT - 2} textAnchor="middle" fontSize={11} fill="currentColor">
        0
      </text>
      <text x={PAD} y={HEIGHT - 2} textAnchor="start" fontSize={11} fill="currentColor">
        {formatPoints(-span)}
      </text>
      <text x={WIDTH - PAD} y={HEIGHT - 2} textAnchor="end" fontSize={11} fill="currentColor">
        {formatPoints(span)}
      </text>
    </svg>
  );
}
