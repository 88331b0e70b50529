import {
  EXPERIENCE_LEVELS,
  JOB_SORTS,
  JOB_SOURCES,
  JOB_VERDICTS,
  POSTED_WITHIN,
  type ExperienceLevel,
  type Job,
  type JobFilters,
  type JobSort,
} from '@/contract/jobs';
import { formatMoney } from '@/contract/money';

/**
 * Filters live in the URL, so a reload or a shared link keeps the list and its filters. Money is
 * whole currency units in the URL (what people type) and minor units in the API.
 */

const MONEY_KEYS = ['budgetMin', 'budgetMax', 'hourlyMin', 'hourlyMax', 'clientSpentMin'] as const;
const COUNT_KEYS = ['clientHiresMin', 'proposalsMax', 'minScore'] as const;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

function list(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function wholeNumber(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : undefined;
}

export function filtersFromParams(params: URLSearchParams): JobFilters {
  const filters: JobFilters = {};
  const q = params.get('q')?.trim();
  if (q) filters.q = q.slice(0, 300);
  const jobType = oneOf(params.get('jobType'), ['fixed', 'hourly'] as const);
  if (jobType) filters.jobType = jobType;
  for (const key of MONEY_KEYS) {
    const n = wholeNumber(params.get(key));
    if (n !== undefined) filters[key] = n * 100;
  }
  for (const key of COUNT_KEYS) {
    const n = wholeNumber(params.get(key));
    if (n !== undefined) filters[key] = key === 'minScore' ? Math.min(100, n) : n;
  }
  const experience = list(params.get('experience')).filter((v): v is ExperienceLevel =>
    (EXPERIENCE_LEVELS as readonly string[]).includes(v),
  );
  if (experience.length > 0) filters.experience = experience;
  if (params.get('paymentVerified') === 'true') filters.paymentVerified = true;
  const countries = list(params.get('countries'));
  if (countries.length > 0) filters.countries = countries.slice(0, 50);
  const skills = list(params.get('skills'));
  if (skills.length > 0) filters.skills = skills.slice(0, 30);
  const postedWithin = oneOf(params.get('postedWithin'), POSTED_WITHIN);
  if (postedWithin) filters.postedWithin = postedWithin;
  const verdict = oneOf(params.get('verdict'), JOB_VERDICTS);
  if (verdict) filters.verdict = verdict;
  const source = oneOf(params.get('source'), JOB_SOURCES);
  if (source) filters.source = source;
  if (params.get('hidden') === 'true') filters.hidden = true;
  const sort = oneOf(params.get('sort'), JOB_SORTS);
  if (sort && sort !== 'newest') filters.sort = sort;
  return filters;
}

/** Writes filters into URL parameters, keeping the ones that are not filters (job, saved). */
export function filtersToParams(
  filters: JobFilters,
  base = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  const filterKeys = [
    'q',
    'jobType',
    ...MONEY_KEYS,
    ...COUNT_KEYS,
    'experience',
    'paymentVerified',
    'countries',
    'skills',
    'postedWithin',
    'verdict',
    'source',
    'hidden',
    'sort',
  ];
  for (const key of filterKeys) params.delete(key);
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else if ((MONEY_KEYS as readonly string[]).includes(key) && typeof value === 'number') {
      params.set(key, String(Math.round(value / 100)));
    } else if (key === 'sort' && value === 'newest') {
      continue;
    } else {
      params.set(key, String(value));
    }
  }
  return params;
}

/** How many filters are set (search words and sort not counted). */
export function activeFilterCount(filters: JobFilters): number {
  return Object.entries(filters).filter(
    ([key, value]) => key !== 'q' && key !== 'sort' && value !== undefined,
  ).length;
}

/** The filters folded under "More filters", each counted once in its "(N set)". */
const MORE_FILTER_KEYS = [
  'experience',
  'budgetMin',
  'budgetMax',
  'hourlyMin',
  'hourlyMax',
  'clientSpentMin',
  'clientHiresMin',
  'proposalsMax',
  'countries',
  'skills',
  'source',
] as const satisfies ReadonlyArray<keyof JobFilters>;

/** How many of the folded filters are set (the ones always in view are not counted). */
export function moreFilterCount(filters: JobFilters): number {
  return MORE_FILTER_KEYS.filter((key) => filters[key] !== undefined).length;
}

export function sortOf(filters: JobFilters): JobSort {
  return filters.sort ?? 'newest';
}

// ---------------------------------------------------------------------------------------------
// Display helpers

export function formatCompactMoney(minor: number, currency: string): string {
  const major = minor / 100;
  if (major >= 1_000) {
    try {
      return new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        notation: 'compact',
        minimumFractionDigits: 0,
        maximumFractionDigits: 1,
      }).format(major);
    } catch {
      return `${Math.round(major / 1000)}K ${currency}`;
    }
  }
  return formatMoney(minor, currency);
}

export function budgetLabel(
  job: Pick<
    Job,
    | 'jobType'
    | 'currency'
    | 'budgetMinMinor'
    | 'budgetMaxMinor'
    | 'hourlyMinMinor'
    | 'hourlyMaxMinor'
  >,
): string {
  if (job.jobType === 'fixed') {
    const top = job.budgetMaxMinor ?? job.budgetMinMinor;
    return top !== null ? `Fixed ${formatMoney(top, job.currency)}` : 'Fixed, budget not stated';
  }
  if (job.jobType === 'hourly') {
    const { hourlyMinMinor: min, hourlyMaxMinor: max } = job;
    if (min !== null && max !== null && min !== max) {
      return `${formatMoney(min, job.currency)}–${formatMoney(max, job.currency)}/h`;
    }
    const one = max ?? min;
    return one !== null ? `${formatMoney(one, job.currency)}/h` : 'Hourly, rate not stated';
  }
  return 'Budget not stated';
}

export function ageLabel(iso: string | null, now = Date.now()): string {
  if (!iso) return 'time unknown';
  const ms = Math.max(0, now - Date.parse(iso));
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return `${days} d ago`;
}

export function proposalsLabel(count: number | null): string {
  if (count === null) return 'proposals unknown';
  if (count < 5) return 'under 5 proposals';
  if (count >= 50) return '50+ proposals';
  return `${count}+ proposals`;
}
