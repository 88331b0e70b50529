import type { LeadSource } from '@/contract/leads';
import { formatQuoteMoney } from '@/contract/quote-totals';

export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  upwork: 'Upwork',
  referral: 'Referral',
  direct: 'Direct',
  other: 'Other',
};

/** A lead's value for people to read; nothing when it has none yet. */
export function leadValueText(valueMinor: number, currency: string): string {
  return valueMinor > 0 ? formatQuoteMoney(valueMinor, currency) : '';
}

/** A column's totals by currency, e.g. "$12,000.00 + €800.00"; "No value" when empty. */
export function totalsText(
  totals: ReadonlyArray<{ currency: string; valueMinor: number }>,
): string {
  const shown = totals.filter((total) => total.valueMinor !== 0);
  if (shown.length === 0) return 'No value';
  return shown.map((total) => formatQuoteMoney(total.valueMinor, total.currency)).join(' + ');
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const calendarDayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export const formatDay = (iso: string): string => dayFormat.format(new Date(iso));
/** A calendar day (yyyy-mm-dd) as written, whatever the person's time zone. */
export const formatCalendarDay = (day: string): string =>
  calendarDayFormat.format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
export const formatDateTime = (iso: string): string => timeFormat.format(new Date(iso));

/** True when the next action's due time has passed. */
export function isOverdue(iso: string | null, now = Date.now()): boolean {
  return iso !== null && new Date(iso).getTime() <= now;
}

/** A due time (ISO) as the date input shows it, yyyy-mm-dd in the person's own time zone. */
export function dueToDateInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A date input's yyyy-mm-dd as a due time: nine in the morning of that day, local time. */
export function dateInputToDue(day: string): string | null {
  if (!day) return null;
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return null;
  return new Date(year, month - 1, date, 9, 0, 0).toISOString();
}
