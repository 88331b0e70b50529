import Papa from 'papaparse';
import type { z } from 'zod';

import {
  createLeadBodySchema,
  LEAD_CSV_COLUMNS,
  LEAD_CSV_MAX_ROWS,
  LEAD_SOURCES,
  LEAD_STAGES,
  LEAD_TAGS_MAX,
  type LeadImportResult,
} from '#contract/leads';
import { currencyMinorDigits } from '#contract/quote-totals';

import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http-error.ts';
import { recordActivity } from '../activities/service.ts';
import { findDuplicateLeads, insertLeadRows, leadDuplicateKey, type LeadInsert } from './repo.ts';

/**
 * CSV import of leads: the first line names the columns (LEAD_CSV_COLUMNS; case, spaces and dashes
 * forgiven), every other line is one lead checked on its own with the same rules as a lead typed
 * in. A bad line gets its messages and never stops the good ones. A line whose email or Upwork
 * client id matches a lead already there, or an earlier line of the file, is a duplicate and is
 * skipped. The preview (dryRun) writes nothing; the import writes every valid, new line at once.
 */

type Column = (typeof LEAD_CSV_COLUMNS)[number];
type ParsedLead = z.output<typeof createLeadBodySchema>;

export type LeadCsvLine = { line: number; lead: ParsedLead | null; messages: string[] };
export type LeadCsvFile = { lines: LeadCsvLine[]; headerMessages: string[] };

const HEADER_ALIASES: Record<string, Column> = {
  name: 'contact_name',
  contact: 'contact_name',
  e_mail: 'email',
  upwork_id: 'upwork_client_id',
  due: 'next_action_due',
};

/** Columns the export writes that an import reads past without a word (the lead gets its own). */
const EXPORT_ONLY_COLUMNS = new Set(['created_at']);

/** How many lines the preview shows. */
export const LEAD_CSV_PREVIEW_ROWS = 20;
/** Messages the reader may raise for one line; a crafted line can raise one per character. */
const READER_MESSAGES_PER_LINE = 3;
/** The header line is scanned this far at most when choosing the delimiter. */
const HEADER_SCAN_LIMIT = 64 * 1024;
const DELIMITERS = [',', ';', '\t', '|'] as const;
const FORMULA_STARTS = '=+-@\t\r';

/** The column a field of createLeadBodySchema is read from, for messages. */
const FIELD_COLUMNS: Record<string, Column> = {
  contactName: 'contact_name',
  company: 'company',
  email: 'email',
  upworkClientId: 'upwork_client_id',
  source: 'source',
  stage: 'stage',
  valueMinor: 'value',
  currency: 'currency',
  probability: 'probability',
  nextAction: 'next_action',
  nextActionDue: 'next_action_due',
  tags: 'tags',
};

function normalizeHeader(header: string): string {
  let key = '';
  for (const ch of header.trim().toLowerCase()) key += ch === ' ' || ch === '-' ? '_' : ch;
  return HEADER_ALIASES[key] ?? key;
}

/**
 * The delimiter of the file, from its header line only: whichever of comma, semicolon, tab and
 * bar appears most often outside quotes (comma on a tie or when there is none).
 */
function detectDelimiter(csv: string): string {
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
  let best: string = DELIMITERS[0];
  for (const delimiter of DELIMITERS) {
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  }
  return best;
}

/** Undoes the export's guard: a quote put before a formula-like cell is dropped again. */
function unescapeCell(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_STARTS.includes(value[1]!)
    ? value.slice(1)
    : value;
}

function countChar(text: string, ch: string, from = 0, to = text.length): number {
  let count = 0;
  for (let i = from; i < to; i++) if (text[i] === ch) count++;
  return count;
}

type RawLine = { line: number; cells: string[]; readerMessages: string[] };

/**
 * Reads the file line by line, stopping past LEAD_CSV_MAX_ROWS. Each record keeps the number of
 * the line it starts on, counted in the file itself, so blank lines and line breaks inside quoted
 * cells do not shift it.
 */
function readRecords(text: string): { header: string[] | null; records: RawLine[] } {
  let header: string[] | null = null;
  const records: RawLine[] = [];
  let tooMany = false;
  let scanned = 0;
  let breaks = 0;
  Papa.parse<string[]>(text, {
    delimiter: detectDelimiter(text),
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      const breakChar = result.meta.linebreak === '\r' ? '\r' : '\n';
      const end = Math.min(result.meta.cursor, text.length);
      breaks += countChar(text, breakChar, scanned, end);
      scanned = end;
      const lastLine = breaks + (end > 0 && text[end - 1] === breakChar ? 0 : 1);
      const cells = result.data;
      if (header === null) {
        header = cells;
        return;
      }
      if (records.length >= LEAD_CSV_MAX_ROWS) {
        tooMany = true;
        parser.abort();
        return;
      }
      const inside = cells.reduce((n, cell) => n + countChar(cell, breakChar), 0);
      records.push({
        line: lastLine - inside,
        cells,
        readerMessages: result.errors
          .slice(0, READER_MESSAGES_PER_LINE)
          .map((error) => `The line could not be read cleanly: ${error.message}`),
      });
    },
  });
  if (tooMany) {
    throw new HttpError(
      400,
      'validation_failed',
      `The file has more than ${LEAD_CSV_MAX_ROWS} leads; import at most ${LEAD_CSV_MAX_ROWS} at a time`,
    );
  }
  return { header, records };
}

/** Where each known column sits; unknown and repeated headers are reported once. */
function mapHeader(header: string[]): { columns: Map<Column, number>; messages: string[] } {
  const known = new Set<string>(LEAD_CSV_COLUMNS);
  const columns = new Map<Column, number>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  header.forEach((raw, index) => {
    const name = normalizeHeader(raw);
    if (EXPORT_ONLY_COLUMNS.has(name)) return;
    if (!known.has(name)) {
      if (raw.trim() !== '') unknown.push(`"${raw.trim().slice(0, 40)}"`);
      return;
    }
    if (columns.has(name as Column)) repeated.push(name);
    else columns.set(name as Column, index);
  });
  if (!columns.has('contact_name')) {
    throw new HttpError(
      400,
      'validation_failed',
      'The first line must name the columns, and one of them must be "contact_name"',
    );
  }
  const messages: string[] = [];
  if (unknown.length > 0) {
    messages.push(`Columns not imported (unknown): ${unknown.slice(0, 20).join(', ')}`);
  }
  if (repeated.length > 0) {
    messages.push(`Columns named twice (the first is used): ${repeated.join(', ')}`);
  }
  return { columns, messages };
}

/** The one allowed word the cell names (case forgiven), undefined when empty, null when unknown. */
function oneOf<T extends string>(cell: string, words: readonly T[]): T | undefined | null {
  if (cell === '') return undefined;
  const lower = cell.toLowerCase();
  return words.find((word) => word === lower) ?? null;
}

/**
 * A decimal in major units ("1250.50", "1,250.50") as minor units of the currency: 1250.50 USD ->
 * 125050, 5000 JPY -> 5000. Negative amounts come back negative for the lead's rules to refuse.
 */
function parseValue(cell: string, currency: string, messages: string[]): number | undefined {
  if (cell === '') return undefined;
  let text = '';
  for (const ch of cell) if (ch !== ',' && ch !== ' ') text += ch;
  const negative = text.startsWith('-');
  if (negative) text = text.slice(1);
  const [whole = '', fraction = '', ...rest] = text.split('.');
  const digits = currencyMinorDigits(currency);
  if (rest.length > 0 || !/^\d+$/.test(whole) || (fraction !== '' && !/^\d+$/.test(fraction))) {
    messages.push(`value: "${cell.slice(0, 40)}" is not an amount (write e.g. 1250 or 1250.50)`);
    return undefined;
  }
  if (whole.length > 15) {
    messages.push('value: The value is too large');
    return undefined;
  }
  if (fraction.length > digits) {
    messages.push(`value: ${currency} amounts have at most ${digits} decimals`);
    return undefined;
  }
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return negative ? -minor : minor;
}

function parseProbability(cell: string, messages: string[]): number | undefined {
  if (cell === '') return undefined;
  const text = cell.endsWith('%') ? cell.slice(0, -1).trim() : cell;
  if (!/^\d{1,3}$/.test(text) || Number(text) > 100) {
    messages.push('probability: write a whole number from 0 to 100');
    return undefined;
  }
  return Number(text);
}

/**
 * A date (yyyy-mm-dd, taken as midnight UTC) or a date and time (without a zone taken as UTC), as
 * an ISO string. Days that do not exist (2026-02-30) are refused, not rolled over.
 */
function parseDue(cell: string, messages: string[]): string | null {
  if (cell === '') return null;
  const refuse = () => {
    messages.push('next_action_due: write a date such as 2026-03-01 or 2026-03-01T10:00:00Z');
    return null;
  };
  if (cell.length > 40 || !/^\d{4}-\d{2}-\d{2}/.test(cell)) return refuse();
  const month = Number(cell.slice(5, 7));
  const dayOfMonth = Number(cell.slice(8, 10));
  const day = new Date(Date.UTC(Number(cell.slice(0, 4)), month - 1, dayOfMonth));
  if (day.getUTCMonth() !== month - 1 || day.getUTCDate() !== dayOfMonth) return refuse();
  const time = cell.slice(10);
  if (time === '') return day.toISOString();
  const zoned = /(?:z|[+-]\d{2}:?\d{2})$/i.test(time);
  const date = new Date(zoned ? cell : `${cell}Z`);
  return Number.isNaN(date.getTime()) ? refuse() : date.toISOString();
}

/** Tags separated by ';', trimmed, empty ones dropped; one past the limit so the rule reports it. */
function parseTags(cell: string): string[] {
  const tags: string[] = [];
  let start = 0;
  for (let i = 0; i <= cell.length && tags.length <= LEAD_TAGS_MAX; i++) {
    if (i < cell.length && cell[i] !== ';') continue;
    const tag = cell.slice(start, i).trim();
    if (tag !== '' && !tags.includes(tag)) tags.push(tag);
    start = i + 1;
  }
  return tags;
}

function toLead(cell: (column: Column) => string, line: number, messages: string[]): LeadCsvLine {
  const source = oneOf(cell('source'), LEAD_SOURCES);
  if (source === null) {
    messages.push(
      `source: "${cell('source').slice(0, 40)}" is not one of ${LEAD_SOURCES.join(', ')}`,
    );
  }
  const stage = oneOf(cell('stage'), LEAD_STAGES);
  if (stage === null) {
    messages.push(`stage: "${cell('stage').slice(0, 40)}" is not one of ${LEAD_STAGES.join(', ')}`);
  }
  const currency = cell('currency').toUpperCase() || 'USD';
  const input = {
    contactName: cell('contact_name'),
    company: cell('company'),
    email: cell('email'),
    upworkClientId: cell('upwork_client_id') || null,
    source: source ?? undefined,
    stage: stage ?? undefined,
    valueMinor: parseValue(cell('value'), currency, messages),
    currency,
    probability: parseProbability(cell('probability'), messages),
    nextAction: cell('next_action'),
    nextActionDue: parseDue(cell('next_action_due'), messages),
    tags: parseTags(cell('tags')),
  };
  const parsed = createLeadBodySchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = typeof issue.path[0] === 'string' ? issue.path[0] : '';
      messages.push(`${FIELD_COLUMNS[field] ?? field}: ${issue.message}`);
    }
  }
  if (messages.length > 0 || !parsed.success) return { line, lead: null, messages };
  return { line, lead: parsed.data, messages };
}

/** Reads and checks every line of the file; throws 400 when the file as a whole cannot be used. */
export function readLeadsCsv(csv: string): LeadCsvFile {
  const text = csv.startsWith('\uFEFF') ? csv.slice(1) : csv;
  const { header, records } = readRecords(text);
  if (header === null) {
    throw new HttpError(400, 'validation_failed', 'The CSV file has no lines to import');
  }
  const { columns, messages: headerMessages } = mapHeader(header);
  const lines = records.map((record) => {
    const cell = (column: Column) => {
      const index = columns.get(column);
      return index === undefined ? '' : unescapeCell((record.cells[index] ?? '').trim());
    };
    return toLead(cell, record.line, [...record.readerMessages]);
  });
  return { lines, headerMessages };
}

/** The duplicate keys of a lead: its email and its Upwork client id, when it has them. */
function keysOf(lead: ParsedLead): Array<{ key: string; what: string }> {
  const keys: Array<{ key: string; what: string }> = [];
  if (lead.email) keys.push({ key: leadDuplicateKey('email', lead.email), what: 'email' });
  if (lead.upworkClientId) {
    keys.push({ key: leadDuplicateKey('upwork', lead.upworkClientId), what: 'Upwork client id' });
  }
  return keys;
}

function toInsert(lead: ParsedLead): LeadInsert {
  return {
    contactName: lead.contactName,
    company: lead.company,
    email: lead.email,
    upworkClientId: lead.upworkClientId,
    source: lead.source,
    stage: lead.stage,
    valueMinor: lead.valueMinor,
    currency: lead.currency,
    probability: lead.probability,
    nextAction: lead.nextAction,
    nextActionDue: lead.nextActionDue ? new Date(lead.nextActionDue) : null,
    tags: lead.tags,
  };
}

/**
 * Previews (dryRun) or imports a CSV file of leads. `valid` counts the lines that are (or would
 * be) imported: no errors and no duplicate. The import writes them in one transaction and logs
 * create_lead once with their count.
 */
export async function importLeadsCsv(
  db: Database,
  userId: string,
  body: { csv: string; dryRun: boolean },
  meta: { userAgent?: string | undefined },
): Promise<LeadImportResult> {
  const file = readLeadsCsv(body.csv);
  const good = file.lines.filter((line): line is LeadCsvLine & { lead: ParsedLead } =>
    Boolean(line.lead),
  );
  const existing = await findDuplicateLeads(db, userId, {
    emails: good.map((line) => line.lead.email).filter(Boolean),
    upworkClientIds: good.flatMap((line) => line.lead.upworkClientId ?? []),
  });
  const firstLineOf = new Map<string, number>();
  const duplicates: LeadImportResult['duplicates'] = [];
  const accepted: ParsedLead[] = [];
  for (const { line, lead } of good) {
    const keys = keysOf(lead);
    const there = keys.find(({ key }) => existing.has(key));
    const earlier = keys.find(({ key }) => firstLineOf.has(key));
    if (there) {
      duplicates.push({ line, reason: `A lead with this ${there.what} exists already` });
    } else if (earlier) {
      duplicates.push({
        line,
        reason: `Same ${earlier.what} as line ${firstLineOf.get(earlier.key)}`,
      });
    } else {
      for (const { key } of keys) firstLineOf.set(key, line);
      accepted.push(lead);
    }
  }

  let imported = 0;
  if (!body.dryRun && accepted.length > 0) {
    imported = await db.transaction(async (tx) => {
      const rows = await insertLeadRows(tx, userId, accepted.map(toInsert), 'Imported from CSV');
      await recordActivity(tx, {
        userId,
        action: 'create_lead',
        details: { source: 'csv', count: rows.length },
        userAgent: meta.userAgent,
      });
      return rows.length;
    });
  }

  return {
    dryRun: body.dryRun,
    rows: file.lines.length,
    valid: accepted.length,
    imported,
    errors: [
      ...(file.headerMessages.length > 0 ? [{ line: 1, messages: file.headerMessages }] : []),
      ...file.lines
        .filter((line) => line.messages.length > 0)
        .map(({ line, messages }) => ({ line, messages })),
    ],
    duplicates,
    preview: accepted.slice(0, LEAD_CSV_PREVIEW_ROWS).map((lead) => ({
      contactName: lead.contactName,
      company: lead.company,
      email: lead.email,
      stage: lead.stage,
      valueMinor: lead.valueMinor,
      currency: lead.currency,
    })),
  };
}
