import Papa from 'papaparse';

import { currencyMinorDigits } from '#contract/quote-totals';
import { MONEY_MINOR_MAX } from '#contract/leads';
import {
  TRANSACTION_CSV_MAX_ROWS,
  TRANSACTION_DESCRIPTION_MAX,
  TRANSACTION_KINDS,
  type TransactionKind,
} from '#contract/transactions';

/**
 * Reading a ledger CSV: one transaction per row, columns date, kind, amount, currency,
 * description, client, external_id (case-insensitive; spaces or dashes allowed). Amounts are
 * positive and in major units ("1250.50", "$1,250.50"); the kind says which way the money went.
 * Every row is checked on its own and answers its own messages with its line number.
 */

export type CsvTransaction = {
  line: number;
  date: string;
  kind: TransactionKind;
  amountMinor: number;
  currency: string;
  description: string;
  client: string;
  externalId: string | null;
};

export type CsvReadResult = {
  rows: number;
  valid: CsvTransaction[];
  errors: Array<{ line: number; messages: string[] }>;
  fileErrors: string[];
};

const CLIENT_MAX = 200;
const EXTERNAL_ID_MAX = 200;

const HEADER_ALIASES: Record<string, string> = {
  type: 'kind',
  transaction_type: 'kind',
  day: 'date',
  transaction_date: 'date',
  value: 'amount',
  memo: 'description',
  note: 'description',
  notes: 'description',
  company: 'client',
  counterparty: 'client',
  client_name: 'client',
  id: 'external_id',
  externalid: 'external_id',
  record_id: 'external_id',
  reference: 'external_id',
};

function normalizeHeader(header: string): string {
  let key = '';
  for (const char of header.trim().toLowerCase()) key += char === ' ' || char === '-' ? '_' : char;
  return HEADER_ALIASES[key] ?? key;
}

const KIND_WORDS: Record<string, TransactionKind> = {
  ...Object.fromEntries(TRANSACTION_KINDS.map((kind) => [kind, kind])),
  upwork_fee: 'upwork_fee',
  'upwork fee': 'upwork_fee',
  fee: 'upwork_fee',
  'service fee': 'upwork_fee',
  payment: 'income',
};

/** Spreadsheet-safe exports prefix formula-like cells with an apostrophe; reading drops it. */
function unescapeFormula(text: string): string {
  if (text.length > 1 && text[0] === "'" && '=+-@\t\r'.includes(text[1]!)) return text.slice(1);
  return text;
}

function isDay(text: string): boolean {
  if (text.length !== 10 || text[4] !== '-' || text[7] !== '-') return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const DIGITS = '0123456789';

/** Major units as written ("1,250.50", "$1250") to minor units, or a message saying what is wrong. */
export function parseMajorAmount(
  raw: string,
  currency: string,
): { minor: number } | { error: string } {
  const shown = raw.slice(0, 40);
  let text = '';
  for (const char of raw) if (!' ,$€£¥'.includes(char)) text += char;
  if (text.startsWith('-') || (text.startsWith('(') && text.endsWith(')'))) {
    return {
      error: `amount: "${shown}" is negative; amounts are positive: use the kind (expense, upwork_fee, refund or withdrawal) for money going out`,
    };
  }
  const [whole = '', fraction = '', ...rest] = text.split('.');
  const digitsOnly = (part: string) => [...part].every((char) => DIGITS.includes(char));
  if (
    text === '' ||
    rest.length > 0 ||
    whole === '' ||
    !digitsOnly(whole) ||
    !digitsOnly(fraction)
  ) {
    return { error: `amount: "${shown}" is not an amount (write e.g. 1250.50)` };
  }
  const digits = currencyMinorDigits(currency);
  if (fraction.length > digits) {
    return { error: `amount: ${currency} has ${digits} decimals at most` };
  }
  if (whole.replace(/^0+/, '').length > 13) return { error: 'amount: the amount is too large' };
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (minor <= 0) return { error: 'amount: the amount must be more than 0' };
  if (minor > MONEY_MINOR_MAX) return { error: 'amount: the amount is too large' };
  return { minor };
}

function toTransaction(
  record: Record<string, string>,
  line: number,
): CsvTransaction | { line: number; messages: string[] } {
  const messages: string[] = [];
  const get = (key: string) => (record[key] ?? '').trim();

  const date = get('date');
  if (!date) messages.push('date: every row needs a date');
  else if (!isDay(date))
    messages.push(`date: "${date.slice(0, 40)}" is not a date; write yyyy-mm-dd`);

  const kindText = get('kind').toLowerCase();
  const kind = KIND_WORDS[kindText];
  if (!kind) {
    messages.push(
      kindText
        ? `kind: "${kindText.slice(0, 40)}" is not a kind; write ${TRANSACTION_KINDS.join(', ')}`
        : `kind: every row needs a kind (${TRANSACTION_KINDS.join(', ')})`,
    );
  }

  const currency = (get('currency') || 'USD').toUpperCase();
  const currencyOk = currency.length === 3 && [...currency].every((c) => c >= 'A' && c <= 'Z');
  if (!currencyOk) messages.push('currency: use a 3-letter code such as USD');

  const amountText = get('amount');
  let amountMinor = 0;
  if (!amountText) messages.push('amount: every row needs an amount');
  else {
    const amount = parseMajorAmount(amountText, currencyOk ? currency : 'USD');
    if ('error' in amount) messages.push(amount.error);
    else amountMinor = amount.minor;
  }

  const description = unescapeFormula(get('description'));
  if (description.length > TRANSACTION_DESCRIPTION_MAX) {
    messages.push(`description: at most ${TRANSACTION_DESCRIPTION_MAX} characters`);
  }
  const client = unescapeFormula(get('client'));
  if (client.length > CLIENT_MAX) messages.push(`client: at most ${CLIENT_MAX} characters`);
  const externalId = get('external_id');
  if (externalId.length > EXTERNAL_ID_MAX) {
    messages.push(`external_id: at most ${EXTERNAL_ID_MAX} characters`);
  }

  if (messages.length > 0 || !kind) return { line, messages };
  return {
    line,
    date,
    kind,
    amountMinor,
    currency,
    description,
    client,
    externalId: externalId || null,
  };
}

/** Reads the file: the header names the columns, and date, kind and amount must be among them. */
export function readTransactionsCsv(csv: string): CsvReadResult {
  const text = csv.startsWith('\uFEFF') ? csv.slice(1) : csv;
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: normalizeHeader,
  });
  const fields = parsed.meta.fields ?? [];
  const missing = ['date', 'kind', 'amount'].filter((column) => !fields.includes(column));
  if (missing.length > 0) {
    return {
      rows: 0,
      valid: [],
      errors: [],
      fileErrors: [
        `The first line must name the columns; ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (columns: date, kind, amount, currency, description, client, external_id)`,
      ],
    };
  }
  if (parsed.data.length > TRANSACTION_CSV_MAX_ROWS) {
    return {
      rows: parsed.data.length,
      valid: [],
      errors: [],
      fileErrors: [
        `The file has ${parsed.data.length} rows; import at most ${TRANSACTION_CSV_MAX_ROWS} at a time`,
      ],
    };
  }
  const readerErrors = new Map<number, string>();
  for (const error of parsed.errors) {
    if (typeof error.row === 'number' && !readerErrors.has(error.row)) {
      readerErrors.set(error.row, error.message);
    }
  }
  const valid: CsvTransaction[] = [];
  const errors: CsvReadResult['errors'] = [];
  parsed.data.forEach((record, index) => {
    // Lines as a spreadsheet numbers them: the header is line 1.
    const line = index + 2;
    const readerError = readerErrors.get(index);
    const result = toTransaction(record, line);
    if (readerError) {
      const messages = 'messages' in result ? result.messages : [];
      errors.push({
        line,
        messages: [`The row could not be read cleanly: ${readerError}`, ...messages],
      });
    } else if ('messages' in result) errors.push(result);
    else valid.push(result);
  });
  return { rows: parsed.data.length, valid, errors, fileErrors: [] };
}
