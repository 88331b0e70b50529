import Papa from 'papaparse';

import {
  CSV_IMPORT_MAX_ROWS,
  EXPERIENCE_LEVELS,
  type CsvImportRow,
  type ExperienceLevel,
  type ParsedJob,
} from '#contract/jobs';

/**
 * CSV import: one job per row, headers from CSV_COLUMNS (case-insensitive, spaces or dashes
 * allowed). Every row is checked on its own; a bad row gets its own messages and never stops
 * the good ones. Money columns are in major units ("1500", "$1,500.50").
 */

export type CsvParsedRow = { row: number; job: ParsedJob | null; errors: string[] };

const HEADER_ALIASES: Record<string, string> = {
  name: 'title',
  job_title: 'title',
  link: 'url',
  job_url: 'url',
  type: 'job_type',
  fixed_budget: 'budget',
  budget_usd: 'budget',
  rate_min: 'hourly_min',
  rate_max: 'hourly_max',
  experience: 'experience_level',
  level: 'experience_level',
  questions: 'screening_questions',
  payment_verified: 'client_payment_verified',
  client_spent: 'client_total_spent',
  total_spent: 'client_total_spent',
  hires: 'client_hires',
  country: 'client_country',
  proposals_count: 'proposals',
  posted: 'posted_at',
  date: 'posted_at',
};

function normalizeHeader(header: string): string {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return HEADER_ALIASES[key] ?? key;
}

function parseAmount(value: string, column: string, errors: string[]): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const cleaned = trimmed.replace(/[$€£,\s]/g, '');
  const match = /^(\d+(?:\.\d{1,2})?)([kK])?$/.exec(cleaned);
  if (!match?.[1]) {
    errors.push(
      `${column}: "${trimmed.slice(0, 40)}" is not an amount (write e.g. 1500 or 1,500.00)`,
    );
    return null;
  }
  return Math.round(Number(match[1]) * (match[2] ? 1_000 : 1) * 100);
}

function parseCount(value: string, column: string, errors: string[]): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,7}$/.test(trimmed)) {
    errors.push(`${column}: "${trimmed.slice(0, 40)}" is not a whole number`);
    return null;
  }
  return Number(trimmed);
}

function parseBool(value: string, column: string, errors: string[]): boolean | null {
  const v = value.trim().toLowerCase();
  if (v === '') return null;
  if (['true', 'yes', 'y', '1', 'verified'].includes(v)) return true;
  if (['false', 'no', 'n', '0', 'unverified', 'not verified'].includes(v)) return false;
  errors.push(`${column}: write yes or no`);
  return null;
}

function parseList(value: string, separator: RegExp): string[] {
  return value
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

function toRow(record: Record<string, string>, row: number): CsvParsedRow {
  const errors: string[] = [];
  const get = (key: string) => (record[key] ?? '').trim();

  const title = get('title');
  if (!title) errors.push('title: every job needs a title');
  if (title.length > 300) errors.push('title: at most 300 characters');
  const description = get('description');
  if (description.length > 50_000) errors.push('description: at most 50,000 characters');
  const url = get('url');
  if (url && !/^https?:\/\/\S+$/i.test(url))
    errors.push('url: must start with http:// or https://');

  const currency = (get('currency') || 'USD').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) errors.push('currency: use a 3-letter code such as USD');

  const budget = parseAmount(get('budget'), 'budget', errors);
  const hourlyMin = parseAmount(get('hourly_min'), 'hourly_min', errors);
  const hourlyMax = parseAmount(get('hourly_max'), 'hourly_max', errors);
  const typeText = get('job_type').toLowerCase();
  let jobType: ParsedJob['jobType'] = 'unknown';
  if (['fixed', 'fixed-price', 'fixed price', 'fixed_price'].includes(typeText)) jobType = 'fixed';
  else if (typeText === 'hourly') jobType = 'hourly';
  else if (typeText !== '') errors.push('job_type: write fixed or hourly');
  else if (budget !== null) jobType = 'fixed';
  else if (hourlyMin !== null || hourlyMax !== null) jobType = 'hourly';
  if (hourlyMin !== null && hourlyMax !== null && hourlyMin > hourlyMax) {
    errors.push('hourly_min: must not be more than hourly_max');
  }

  const levelText = get('experience_level')
    .toLowerCase()
    .replace(/[\s_-]?level$/, '');
  let experienceLevel: ExperienceLevel | null = null;
  if (levelText) {
    if ((EXPERIENCE_LEVELS as readonly string[]).includes(levelText))
      experienceLevel = levelText as ExperienceLevel;
    else errors.push('experience_level: write entry, intermediate or expert');
  }

  const postedText = get('posted_at');
  let postedAt: string | null = null;
  if (postedText) {
    const date = new Date(postedText);
    if (Number.isNaN(date.getTime()))
      errors.push('posted_at: write a date such as 2026-03-01 or 2026-03-01T10:00:00Z');
    else postedAt = date.toISOString();
  }

  const skills = parseList(get('skills'), /[,;|]/).slice(0, 30);
  if (skills.some((skill) => skill.length > 60))
    errors.push('skills: each skill at most 60 characters');
  const screeningQuestions = parseList(get('screening_questions'), /\s*\|\s*|\n/).slice(0, 20);

  const client = {
    paymentVerified: parseBool(get('client_payment_verified'), 'client_payment_verified', errors),
    totalSpentMinor: parseAmount(get('client_total_spent'), 'client_total_spent', errors),
    hires: parseCount(get('client_hires'), 'client_hires', errors),
    jobsPosted: null,
    reviews: null,
    rating: null,
    country: get('client_country').slice(0, 80) || null,
    memberSince: null,
  };
  const proposalsCount = parseCount(get('proposals'), 'proposals', errors);

  if (errors.length > 0) return { row, job: null, errors };
  return {
    row,
    errors,
    job: {
      title,
      description,
      url: url || null,
      jobType,
      currency,
      budgetMinMinor: budget,
      budgetMaxMinor: budget,
      hourlyMinMinor: hourlyMin,
      hourlyMaxMinor: hourlyMax ?? hourlyMin,
      experienceLevel,
      skills,
      screeningQuestions,
      client,
      proposalsCount,
      postedAt,
    },
  };
}

export type CsvParseResult = { rows: CsvParsedRow[]; fileErrors: string[] };

export function parseJobsCsv(csv: string): CsvParseResult {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: normalizeHeader,
  });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes('title')) {
    return {
      rows: [],
      fileErrors: ['The first line must name the columns, and one of them must be "title"'],
    };
  }
  if (parsed.data.length > CSV_IMPORT_MAX_ROWS) {
    return {
      rows: [],
      fileErrors: [
        `The file has ${parsed.data.length} rows; import at most ${CSV_IMPORT_MAX_ROWS} at a time`,
      ],
    };
  }
  const rowErrors = new Map<number, string[]>();
  for (const error of parsed.errors) {
    if (typeof error.row === 'number') {
      const list = rowErrors.get(error.row) ?? [];
      list.push(error.message);
      rowErrors.set(error.row, list);
    }
  }
  // Row numbers are the spreadsheet's: the header is row 1.
  const rows = parsed.data.map((record, index) => {
    const result = toRow(record, index + 2);
    const extra = rowErrors.get(index);
    if (extra) return { row: index + 2, job: null, errors: [...extra, ...result.errors] };
    return result;
  });
  return { rows, fileErrors: [] };
}

export function summarizeRow(row: CsvParsedRow, titleFallback: string | null): CsvImportRow {
  return {
    row: row.row,
    ok: row.job !== null,
    title: row.job?.title ?? titleFallback,
    errors: row.errors,
  };
}
