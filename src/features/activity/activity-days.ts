import type { Activity } from '@/contract/activity';

export type ActivityDay = { key: string; heading: string; entries: Activity[] };

/** The local calendar day of an instant, as YYYY-MM-DD. */
export function localDayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

function dayHeading(key: string, now: Date): string {
  const today = localDayKey(now);
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === today) return 'Today';
  if (key === localDayKey(yesterday)) return 'Yesterday';
  const [year, month, day] = key.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1).toLocaleDateString(undefined, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** Entries (newest first) grouped by the local day they happened on: Today, Yesterday, dates. */
export function groupByDay(entries: Activity[], now = new Date()): ActivityDay[] {
  const days: ActivityDay[] = [];
  for (const entry of entries) {
    const key = localDayKey(new Date(entry.createdAt));
    const last = days[days.length - 1];
    if (last && last.key === key) last.entries.push(entry);
    else days.push({ key, heading: dayHeading(key, now), entries: [entry] });
  }
  return days;
}
