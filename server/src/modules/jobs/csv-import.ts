import { Worker } from 'node:worker_threads';

import {
  CSV_COLUMNS,
  CSV_IMPORT_MAX_ROWS,
  EXPERIENCE_LEVELS,
  type CsvImportRow,
  type ExperienceLevel,
  type ParsedJob,
} from '#contract/jobs';

import { HttpError } from '../../http-error.ts';

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

/** The largest amounts the jobs table stores, in minor units (hourly rates are 32-bit). */
const MAX_AMOUNT_MINOR = 100_000_000_000;
const MAX_HOURLY_MINOR = 2_147_483_647;

function parseAmount(
  value: string,
  column: string,
  errors: string[],
  maxMinor = MAX_AMOUNT_MINOR,
): number | null {
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
  const minor = Math.round(Number(match[1]) * (match[2] ? 1_000 : 1) * 100);
  if (minor > maxMinor) {
    errors.push(`${column}: at most ${(maxMinor / 100).toLocaleString('en-US')}`);
    return null;
  }
  return minor;
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

/**
 * The first `limit` non-empty, trimmed items of a cell split at any of `separators`. Scanned by
 * hand and stopped at the limit: a 5 MB cell of separators costs one pass, no array of millions.
 */
function parseList(value: string, separators: string, limit: number): string[] {
  const items: string[] = [];
  let start = 0;
  for (let i = 0; i <= value.length && items.length < limit; i++) {
    if (i < value.length && !separators.includes(value[i]!)) continue;
    const item = value.slice(start, i).trim();
    if (item.length > 0) items.push(item);
    start = i + 1;
  }
  return items;
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
  const hourlyMin = parseAmount(get('hourly_min'), 'hourly_min', errors, MAX_HOURLY_MINOR);
  const hourlyMax = parseAmount(get('hourly_max'), 'hourly_max', errors, MAX_HOURLY_MINOR);
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

  const skills = parseList(get('skills'), ',;|', 30);
  if (skills.some((skill) => skill.length > 60))
    errors.push('skills: each skill at most 60 characters');
  // Split at each bar or line break; parseList trims the spaces around each question.
  const screeningQuestions = parseList(get('screening_questions'), '|\n', 20);

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

/** The reader's own messages kept: a crafted cell can raise one per character. */
const MAX_READER_ERRORS_PER_ROW = 5;
const MAX_READER_ERRORS = 1_000;
/** How long one file may take to read before the reader is stopped and the user told. */
const CSV_READ_TIMEOUT_MS = 20_000;
/** Files read at once per process; more wait their turn, and past the queue they are refused. */
const MAX_CONCURRENT_READS = 2;
const MAX_WAITING_READS = 16;
/** Heap of one reader; a 5 MB file of millions of tiny rows needs about 300 MB. */
const CSV_READER_HEAP_MB = 512;
/** The header line is scanned this far at most when choosing the delimiter. */
const HEADER_SCAN_LIMIT = 64 * 1024;

const DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof DELIMITERS)[number];

/**
 * The delimiter of a file, read from its header line only (up to the first line break, at most
 * HEADER_SCAN_LIMIT characters): whichever of comma, semicolon, tab and bar appears most often
 * outside quotes. A tie, or none at all, goes to the one listed first (comma).
 */
export function detectDelimiter(csv: string): CsvDelimiter {
  const counts = new Map<string, number>();
  let quoted = false;
  const end = Math.min(csv.length, HEADER_SCAN_LIMIT);
  for (let i = 0; i < end; i++) {
    const ch = csv[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (DELIMITERS as readonly string[]).includes(ch)) {
      counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
  }
  let best: CsvDelimiter = ',';
  for (const delimiter of DELIMITERS) {
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  }
  return best;
}

type ReaderOutput = {
  fields: string[];
  rowCount: number;
  data: Array<Record<string, unknown>>;
  errors: Array<{ row: number; message: string }>;
  rowsWithErrors: number[];
};

type ReadOutcome = { ok: true; output: ReaderOutput } | { ok: false; reason: 'timeout' | 'failed' };

let activeReads = 0;
const waitingReads: Array<() => void> = [];

/** A turn to read one file: at most MAX_CONCURRENT_READS at once, the rest wait in order. */
async function acquireReadSlot(): Promise<() => void> {
  if (activeReads >= MAX_CONCURRENT_READS) {
    if (waitingReads.length >= MAX_WAITING_READS) {
      throw new HttpError(
        503,
        'service_unavailable',
        'Too many CSV files are being imported right now; try again in a minute',
      );
    }
    await new Promise<void>((resolve) => waitingReads.push(resolve));
  } else {
    activeReads++;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // The slot passes straight to the next in line, or is given back.
    const next = waitingReads.shift();
    if (next) next();
    else activeReads--;
  };
}

const WORKER_URL = new URL('./csv-reader.worker.mjs', import.meta.url);

/** Reads `csv` in a worker thread, so a slow file never holds up other requests. */
function readInWorker(csv: string, delimiter: CsvDelimiter, timeoutMs: number) {
  return new Promise<ReadOutcome>((resolve) => {
    let settled = false;
    const worker = new Worker(WORKER_URL, {
      workerData: {
        csv,
        delimiter,
        maxRows: CSV_IMPORT_MAX_ROWS,
        maxErrorsPerRow: MAX_READER_ERRORS_PER_ROW,
        maxErrors: MAX_READER_ERRORS,
      },
      // Enough for any file under the size limit; a file that needs more is refused, not read.
      resourceLimits: { maxOldGenerationSizeMb: CSV_READER_HEAP_MB },
    });
    const finish = (outcome: ReadOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
      void worker.terminate();
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), timeoutMs);
    worker.once('message', (output: ReaderOutput) => finish({ ok: true, output }));
    worker.once('error', () => finish({ ok: false, reason: 'failed' }));
    worker.once('exit', () => finish({ ok: false, reason: 'failed' }));
  });
}

export async function parseJobsCsv(
  csv: string,
  options: { timeoutMs?: number } = {},
): Promise<CsvParseResult> {
  const text = csv.replace(/^\uFEFF/, '');
  const release = await acquireReadSlot();
  let outcome: ReadOutcome;
  try {
    outcome = await readInWorker(
      text,
      detectDelimiter(text),
      options.timeoutMs ?? CSV_READ_TIMEOUT_MS,
    );
  } finally {
    release();
  }
  if (!outcome.ok) {
    return {
      rows: [],
      fileErrors: [
        outcome.reason === 'timeout'
          ? 'The file could not be read in time; check its quotes or split it into smaller files'
          : 'The file could not be read; check that it is a CSV file',
      ],
    };
  }
  const { output } = outcome;
  const columns = knownColumns(output.fields);
  if (!columns.some(([, name]) => name === 'title')) {
    return {
      rows: [],
      fileErrors: ['The first line must name the columns, and one of them must be "title"'],
    };
  }
  if (output.rowCount > CSV_IMPORT_MAX_ROWS) {
    return {
      rows: [],
      fileErrors: [
        `The file has ${output.rowCount} rows; import at most ${CSV_IMPORT_MAX_ROWS} at a time`,
      ],
    };
  }
  const rowErrors = new Map<number, string[]>();
  for (const error of output.errors) {
    const list = rowErrors.get(error.row) ?? [];
    list.push(error.message);
    rowErrors.set(error.row, list);
  }
  // A row the reader flagged after its messages ran out still fails, with a message of its own.
  for (const row of output.rowsWithErrors) {
    if (!rowErrors.has(row)) rowErrors.set(row, ['The row could not be read cleanly']);
  }
  // Row numbers are the spreadsheet's: the header is row 1.
  const rows = output.data.map((raw, index) => {
    const result = toRow(pickColumns(raw, columns), index + 2);
    const extra = rowErrors.get(index);
    if (extra) return { row: index + 2, job: null, errors: [...extra, ...result.errors] };
    return result;
  });
  return { rows, fileErrors: [] };
}

/**
 * Where each known column sits in the reader's records: its first header that normalises to the
 * column's name. A later header with the same name is ignored, as when the reader renamed it.
 */
function knownColumns(rawFields: string[]): Array<[key: string, name: string]> {
  const known = new Set<string>(CSV_COLUMNS);
  const found = new Map<string, string>();
  for (const raw of rawFields) {
    const name = normalizeHeader(raw);
    if (known.has(name) && !found.has(name)) found.set(name, raw);
  }
  return [...found].map(([name, key]) => [key, name]);
}

/** A record keyed by the known column names, text cells only. */
function pickColumns(
  raw: Record<string, unknown>,
  columns: Array<[key: string, name: string]>,
): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, name] of columns) {
    const value = raw[key];
    if (typeof value === 'string') record[name] = value;
  }
  return record;
}

export function summarizeRow(row: CsvParsedRow, titleFallback: string | null): CsvImportRow {
  return {
    row: row.row,
    ok: row.job !== null,
    title: row.job?.title ?? titleFallback,
    errors: row.errors,
  };
}
