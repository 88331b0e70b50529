import { selectIsDark } from '@/store/theme.slice';
import { useAppSelector } from '@/store/hooks';

/**
 * Chart colours of the light and the dark theme (Tailwind's 600 and 400 shades), with a dash
 * pattern per series so lines differ by more than colour.
 */
export type ChartPalette = {
  series: readonly string[];
  dashes: readonly (string | undefined)[];
  axis: string;
  grid: string;
  tooltipBackground: string;
  tooltipBorder: string;
  text: string;
};

const LIGHT: ChartPalette = {
  series: ['#4f46e5', '#059669', '#d97706', '#e11d48'],
  dashes: [undefined, '6 3', '2 3', '8 3 2 3'],
  axis: '#475569',
  grid: '#e2e8f0',
  tooltipBackground: '#ffffff',
  tooltipBorder: '#cbd5e1',
  text: '#0f172a',
};

const DARK: ChartPalette = {
  series: ['#818cf8', '#34d399', '#fbbf24', '#fb7185'],
  dashes: LIGHT.dashes,
  axis: '#cbd5e1',
  grid: '#334155',
  tooltipBackground: '#0f172a',
  tooltipBorder: '#475569',
  text: '#f1f5f9',
};

export function useChartPalette(): ChartPalette {
  return useAppSelector(selectIsDark) ? DARK : LIGHT;
}

/** The colour of the n-th series (the palette repeats after four). */
export function seriesColour(palette: ChartPalette, index: number): string {
  return palette.series[index % palette.series.length] ?? palette.series[0] ?? palette.text;
}
