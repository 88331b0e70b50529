import { ACTIVITY_ACTIONS, type ActivityAction } from '@/contract/activity';

/** The timeline's filters as the URL keeps them: an action name, two calendar days, words. */
export type ActivityFilters = {
  action?: ActivityAction;
  /** First day shown, YYYY-MM-DD in the user's time zone. */
  from?: string;
  /** Last day shown (included), YYYY-MM-DD. */
  to?: string;
  q?: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isAction(value: string | null): value is ActivityAction {
  return value !== null && (ACTIVITY_ACTIONS as readonly string[]).includes(value);
}

function day(value: string | null): string | undefined {
  return value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/** Reads the filters from the address bar; anything unknown is ignored. */
export function filtersFromParams(params: URLSearchParams): ActivityFilters {
  const filters: ActivityFilters = {};
  const action = params.get('action');
  if (isAction(action)) filters.action = action;
  const from = day(params.get('from'));
  if (from) filters.from = from;
  const to = day(params.get('to'));
  if (to) filters.to = to;
  const q = params.get('q')?.trim();
  if (q) filters.q = q.slice(0, 200);
  return filters;
}

export function paramsFromFilters(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['action', 'from', 'to', 'q'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

export function hasFilters(filters: ActivityFilters): boolean {
  return Boolean(filters.action || filters.from || filters.to || filters.q);
}

/** A start day after the end day selects nothing: the screen says so instead of asking. */
export function rangeError(filters: ActivityFilters): string | null {
  if (filters.from && filters.to && filters.from > filters.to) {
    return 'The “From” day is after the “To” day. Choose a range that runs forward.';
  }
  return null;
}

/**
 * The API's query for these filters: days become instants at the user's local midnight, and the
 * end day is included up to its last millisecond.
 */
export function apiQueryFromFilters(filters: ActivityFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.action) query.action = filters.action;
  if (filters.q) query.q = filters.q;
  if (filters.from) query.from = new Date(`${filters.from}T00:00:00`).toISOString();
  if (filters.to) query.to = new Date(`${filters.to}T23:59:59.999`).toISOString();
  return query;
}
