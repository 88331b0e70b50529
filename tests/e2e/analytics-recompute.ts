/**
 * The analytics spec's own arithmetic: the numbers the dashboard and the analytics pages must
 * show, recomputed from the raw rows the history seed wrote, with plain code and none of the app's
 * analytics functions. Periods are the instants the SPA sends for the browser's time zone; a
 * response counts once at the furthest funnel stage its status history ever reached; earnings are
 * income minus fees, refunds and expenses dated in the period; the A/B difference is B's reply
 * rate minus A's with a 95% interval by Newcombe's method from the two Wilson score intervals.
 */

/** The history rows this spec reads (dates as ISO strings, as the seed writes them). */
export type HistoryRows = {
  templates: Array<{ id: string; name: string }>;
  responses: Array<{
    id: string;
    status?: string;
    sentAt?: string | null;
    deletedAt?: string | null;
    connects?: number | null;
    templateId?: string | null;
    variant?: string;
  }>;
  responseStatusEvents: Array<{ responseId: string; toStatus: string }>;
  transactions: Array<{
    kind: string;
    amountMinor: number;
    currency: string;
    occurredOn: string;
    deletedAt?: string | null;
  }>;
  quotes: Array<{
    id: string;
    status?: string;
    createdAt: string;
    /** yyyy-mm-dd: the last day the quote can be accepted. */
    validUntil: string;
    deletedAt?: string | null;
  }>;
  quoteStatusEvents: Array<{ quoteId: string; toStatus: string; createdAt: string }>;
};

// ---------------------------------------------------------------------------------------------
// Periods in a time zone

const DAY_MS = 86_400_000;

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return (wall - Math.floor(instant / 1000) * 1000) / 60_000;
}

/** yyyy-mm-dd of an instant, in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The instant a local day (yyyy-mm-dd) starts in the zone. */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date);
  const first = wall - offsetMinutes(wall, timeZone) * 60_000;
  return new Date(wall - offsetMinutes(first, timeZone) * 60_000);
}

/** The local day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date) + days * DAY_MS).toISOString().slice(0, 10);
}

export type Period = { from: Date; to: Date };

/** Last N days: the start of the local day N-1 days ago up to the start of tomorrow. */
export function lastDays(days: number, now: Date, timeZone: string): Period {
  const today = localDate(now, timeZone);
  return {
    from: startOfLocalDay(addDays(today, 1 - days), timeZone),
    to: startOfLocalDay(addDays(today, 1), timeZone),
  };
}

/** This year: 1 January (local) up to the start of tomorrow. */
export function yearToDate(now: Date, timeZone: string): Period {
  const today = localDate(now, timeZone);
  return {
    from: startOfLocalDay(`${today.slice(0, 4)}-01-01`, timeZone),
    to: startOfLocalDay(addDays(today, 1), timeZone),
  };
}

const inPeriod = (iso: string, period: Period) => {
  const at = Date.parse(iso);
  return at >= period.from.getTime() && at < period.to.getTime();
};

// ---------------------------------------------------------------------------------------------
// Responses

const STAGE_RANK: Record<string, number> = {
  sent: 1,
  viewed: 2,
  replied: 3,
  interview: 4,
  hired: 5,
};
export const FUNNEL = ['sent', 'viewed', 'replied', 'interview', 'hired'] as const;
export type Stage = (typeof FUNNEL)[number];

export type SentResponse = {
  id: string;
  /** Rank of the furthest stage reached: 1 sent .. 5 hired. */
  rank: number;
  connects: number;
  templateId: string | null;
  variant: string;
};

/** Responses sent in the period, each at the furthest stage its history reached. */
export function sentResponses(rows: HistoryRows, period: Period): SentResponse[] {
  const furthest = new Map<string, number>();
  for (const event of rows.responseStatusEvents) {
    const rank = STAGE_RANK[event.toStatus] ?? 0;
    furthest.set(event.responseId, Math.max(furthest.get(event.responseId) ?? 0, rank));
  }
  return rows.responses
    .filter((row) => row.sentAt && !row.deletedAt && inPeriod(row.sentAt, period))
    .map((row) => ({
      id: row.id,
      rank: Math.max(1, STAGE_RANK[row.status ?? 'draft'] ?? 0, furthest.get(row.id) ?? 0),
      connects: row.connects ?? 0,
      templateId: row.templateId ?? null,
      variant: row.variant ?? 'A',
    }));
}

export const reached = (responses: SentResponse[], stage: Stage) =>
  responses.filter((response) => response.rank >= STAGE_RANK[stage]!).length;

export function funnelCounts(responses: SentResponse[]): Record<Stage, number> {
  return Object.fromEntries(FUNNEL.map((stage) => [stage, reached(responses, stage)])) as Record<
    Stage,
    number
  >;
}

export const ratio = (part: number, whole: number): number | null =>
  whole === 0 ? null : part / whole;

// ---------------------------------------------------------------------------------------------
// Money

const SIGN: Record<string, number> = {
  income: 1,
  upwork_fee: -1,
  refund: -1,
  expense: -1,
  withdrawal: 0,
};

/** Net earnings per currency of the transactions dated in the period (local days). */
export function netEarnings(rows: HistoryRows, period: Period, timeZone: string) {
  const first = localDate(period.from, timeZone);
  const afterLast = localDate(period.to, timeZone);
  const totals = new Map<string, number>();
  for (const row of rows.transactions) {
    if (row.deletedAt || row.occurredOn < first || row.occurredOn >= afterLast) continue;
    const signed = row.amountMinor * (SIGN[row.kind] ?? 0);
    totals.set(row.currency, (totals.get(row.currency) ?? 0) + signed);
  }
  return [...totals]
    .map(([currency, amountMinor]) => ({ currency, amountMinor }))
    .sort((a, b) => b.amountMinor - a.amountMinor);
}

// ---------------------------------------------------------------------------------------------
// Quotes

const QUOTE_DECISIONS = ['accepted', 'declined', 'expired'];

const OPEN_QUOTE_STATUSES = ['draft', 'sent', 'viewed'];

/**
 * Quotes created in the period and the statuses each ever reached. An open quote whose validity
 * date is before today (UTC) reads expired, as in the quotes list.
 */
export function quoteCounts(rows: HistoryRows, period: Period, now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  const created = rows.quotes.filter(
    (quote) => !quote.deletedAt && inPeriod(quote.createdAt, period),
  );
  const shownStatus = (quote: (typeof created)[number]) => {
    const stored = quote.status ?? 'draft';
    return OPEN_QUOTE_STATUSES.includes(stored) && quote.validUntil < today ? 'expired' : stored;
  };
  const statuses = new Map<string, Set<string>>(
    created.map((quote) => [quote.id, new Set([shownStatus(quote)])]),
  );
  for (const event of rows.quoteStatusEvents) statuses.get(event.quoteId)?.add(event.toStatus);
  const reachedStatus = (status: string) =>
    [...statuses.values()].filter((set) => set.has(status)).length;
  const accepted = reachedStatus('accepted');
  const decided = QUOTE_DECISIONS.reduce((sum, status) => sum + reachedStatus(status), 0);
  return {
    created: created.length,
    sent: reachedStatus('sent'),
    accepted,
    declined: reachedStatus('declined'),
    expired: reachedStatus('expired'),
    acceptanceRate: ratio(accepted, decided),
  };
}

// ---------------------------------------------------------------------------------------------
// A/B: Wilson score intervals and Newcombe's interval of their difference

const Z95 = 1.959964;

export function wilson(successes: number, trials: number): { low: number; high: number } {
  const p = successes / trials;
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (Z95 * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { low: centre - half, high: centre + half };
}

/** B's rate minus A's, with its 95% interval (Newcombe 1998, method 10). */
export function newcombeDifference(
  a: { sent: number; replied: number },
  b: { sent: number; replied: number },
) {
  const pa = a.replied / a.sent;
  const pb = b.replied / b.sent;
  const wa = wilson(a.replied, a.sent);
  const wb = wilson(b.replied, b.sent);
  const difference = pb - pa;
  return {
    difference,
    low: difference - Math.sqrt((pb - wb.low) ** 2 + (wa.high - pa) ** 2),
    high: difference + Math.sqrt((wb.high - pb) ** 2 + (pa - wa.low) ** 2),
  };
}

/**
 * Quotes whose status at the instant (their latest status event by then) is sent or viewed and
 * whose validity date has not passed (an open quote reads expired the day after it, in UTC).
 */
export function quotesAwaitingAt(rows: HistoryRows, instant: Date): number {
  const latest = new Map<string, { at: number; status: string }>();
  for (const event of rows.quoteStatusEvents) {
    const at = Date.parse(event.createdAt);
    if (at > instant.getTime()) continue;
    const known = latest.get(event.quoteId);
    if (!known || at >= known.at) latest.set(event.quoteId, { at, status: event.toStatus });
  }
  return rows.quotes.filter((quote) => {
    if (quote.deletedAt || Date.parse(quote.createdAt) > instant.getTime()) return false;
    if (quote.validUntil < instant.toISOString().slice(0, 10)) return false;
    const status = latest.get(quote.id)?.status ?? quote.status ?? 'draft';
    return status === 'sent' || status === 'viewed';
  }).length;
}
