import type { CsvCell } from '@/components/analytics/csv';
import { formatCount, formatRate } from '@/components/analytics/format';

/** Table cells of the chart cards: the CSV keeps the raw value, the table shows these. */
export function rateCell(value: CsvCell): string {
  return formatRate(typeof value === 'number' ? value : null);
}

export function countCell(value: CsvCell): string {
  return formatCount(typeof value === 'number' ? value : null);
}
