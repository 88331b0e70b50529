import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS } from '#contract/jobs';
import { JOB_TEXT_MAX } from '#contract/responses';

/**
 * Inputs built to make a backtracking regex take quadratic (or worse) time, sized to what the API
 * accepts. Every parser that reads user text must handle each of them in linear time: the
 * parser tests, the abuse bench and the bad-input tests reuse these lists.
 */

/** The longest pasted job text POST /api/jobs/parse and /api/jobs/manual accept. */
export const PASTED_JOB_TEXT_MAX = 50_000;
/** The longest pasted job text POST /api/responses/generate accepts. */
export const GENERATE_JOB_TEXT_MAX = JOB_TEXT_MAX;

/** `head`, then `unit` repeated, then `tail`, cut so the whole is exactly `size` characters. */
function fill(head: string, unit: string, tail: string, size = PASTED_JOB_TEXT_MAX): string {
  const room = size - head.length - tail.length;
  return head + unit.repeat(Math.ceil(room / unit.length)).slice(0, room) + tail;
}

/**
 * Pasted job texts of exactly PASTED_JOB_TEXT_MAX characters (trimming leaves them whole: each
 * starts and ends with a visible character). Cut them to GENERATE_JOB_TEXT_MAX for the generate
 * endpoint.
 */
export const ADVERSARIAL_JOB_TEXTS: Array<{ name: string; text: string }> = [
  { name: 'one long run of digits', text: fill('T', '9', 'x') },
  { name: 'digits and commas', text: fill('T', '1,', 'x') },
  { name: 'digits, then spaces, no label', text: fill('T' + '7'.repeat(25_000), ' ', 'x') },
  { name: 'digits and dots', text: fill('T', '1.', 'x') },
  { name: '"1 hire" repeated', text: fill('Client ', '1 hire ', 'x') },
  { name: '"12 of" repeated', text: fill('T', '4.9 of ', 'x') },
  { name: 'many spaces', text: fill('a', ' ', 'b') },
  { name: 'many newlines', text: fill('a', '\n', 'b') },
  { name: 'many blank lines with spaces', text: fill('a', ' \n ', 'b') },
  { name: 'many tabs and carriage returns', text: fill('a', '\t\r', 'b') },
  { name: 'label, spaces, line separator', text: fill('Country:', ' ', 'a\u2028b') },
  { name: 'skills label, spaces, line separator', text: fill('Skills:', ' ', 'a\u2028b') },
  { name: 'title label, spaces, line separator', text: fill('Title:', ' ', 'a\u2028b') },
  {
    name: 'numbered question, spaces, line separator',
    text: fill('Job\nQuestions:\n1.', ' ', 'a\u2028b'),
  },
  { name: 'question mark, spaces', text: fill('Job\nQuestions:\nWhy?', ' ', 'x') },
  { name: 'currency and digits', text: fill('Budget $', '1', 'x') },
  { name: 'currency amounts repeated', text: fill('Hourly ', '$1 - $2 ', 'x') },
  { name: 'currency symbols repeated', text: fill('T', '$', 'x') },
  { name: '"proposals" and digits', text: fill('Proposals: ', '5', 'x') },
  { name: '"posted" and digits', text: fill('Posted ', '3', 'x') },
  { name: '"member since" repeated', text: fill('T', 'Member since ', 'x') },
  { name: '"hourly" lines', text: fill('T\n', ' hourly \n', 'x') },
  { name: 'trap words repeated', text: fill('T ', 'ai proposals ', 'x') },
  {
    name: 'code-word trap, spaces, no word',
    text: fill('Start your proposal with', ' ', '!'),
  },
  { name: 'opening parentheses', text: fill('Skills: ', '(', ')') },
  { name: 'hidden characters', text: fill('T', '\u200b', 'x') },
  { name: 'upwork link digits', text: fill('https://www.upwork.com/jobs/~0', '1', ' x') },
];

/** The generate endpoint's share of ADVERSARIAL_JOB_TEXTS: the same texts cut to its limit. */
export function adversarialGenerateTexts(): Array<{ name: string; text: string }> {
  return ADVERSARIAL_JOB_TEXTS.map(({ name, text }) => {
    const cut = text.slice(0, GENERATE_JOB_TEXT_MAX - 1) + text.slice(-1);
    return { name, text: cut };
  });
}

const CSV_HEADER =
  'title,description,url,job_type,budget,hourly_min,hourly_max,currency,experience_level,skills,screening_questions,client_payment_verified,client_total_spent,client_hires,client_country,proposals,posted_at\r\n';

/**
 * The import route's own body limit: the CSV travels as a JSON string, where every quote and
 * line break takes two characters.
 */
export const CSV_IMPORT_BODY_LIMIT = 6 * 1024 * 1024;

/** How many characters `csv` takes inside the import route's JSON body. */
export function csvBodyLength(csv: string): number {
  return JSON.stringify({ csv, dryRun: true }).length;
}

/** A CSV body of at most CSV_IMPORT_MAX_BYTES (UTF-8) whose one data row puts `cell` in `column`. */
function oneCellCsv(column: string, cell: string): string {
  const columns = CSV_HEADER.trim().split(',');
  const row = columns.map((name) => (name === column ? cell : name === 'title' ? 'Job' : ''));
  return CSV_HEADER + row.join(',') + '\r\n';
}

/**
 * A quoted cell of `unit` repeated, as large as both limits allow: the CSV at most
 * CSV_IMPORT_MAX_BYTES, its JSON body at most CSV_IMPORT_BODY_LIMIT.
 */
function bigCell(column: string, unit: string, head = '', tail = ''): string {
  const quoted = unit.replace(/"/g, '""');
  const charsPerUnit = Math.max(quoted.length, JSON.stringify(quoted).length - 2);
  const overhead = csvBodyLength(oneCellCsv(column, '""' + head + tail));
  const count = Math.floor((CSV_IMPORT_BODY_LIMIT - overhead - 64) / charsPerUnit);
  const fits = Math.min(count, Math.floor((CSV_IMPORT_MAX_BYTES - overhead) / quoted.length));
  return `"${head}${quoted.repeat(fits)}${tail}"`;
}

function manyRows(unit: string): string {
  const room = CSV_IMPORT_MAX_BYTES - CSV_HEADER.length;
  const rows = Math.min(CSV_IMPORT_MAX_ROWS, Math.floor(room / Buffer.byteLength(unit)));
  return CSV_HEADER + unit.repeat(rows);
}

/** CSV bodies of at most CSV_IMPORT_MAX_BYTES for POST /api/jobs/import-csv. */
export const ADVERSARIAL_CSV: Array<{ name: string; csv: string }> = [
  {
    name: 'screening questions: spaces without a separator',
    csv: oneCellCsv('screening_questions', bigCell('screening_questions', ' ', 'a', 'b')),
  },
  {
    name: 'screening questions: spaces and pipes',
    csv: oneCellCsv('screening_questions', bigCell('screening_questions', ' | ', 'a', 'b')),
  },
  {
    name: 'skills: separators only',
    csv: oneCellCsv('skills', bigCell('skills', ',;|', 'a', 'b')),
  },
  {
    name: 'description: nested quotes',
    csv: oneCellCsv('description', bigCell('description', '"', 'a', 'b')),
  },
  {
    name: 'budget: long digit run',
    csv: oneCellCsv('budget', bigCell('budget', '9', '', 'x')),
  },
  {
    name: 'experience level: spaces before "level"',
    csv: oneCellCsv('experience_level', bigCell('experience_level', ' ', 'a', 'levels')),
  },
  {
    name: 'url: long link without a scheme',
    csv: oneCellCsv('url', bigCell('url', 'a', 'http:/', ' x')),
  },
  {
    name: 'header: spaces and dashes',
    csv: `title,${'- '.repeat((CSV_IMPORT_MAX_BYTES - 20) / 2)}x\r\nJob,1\r\n`,
  },
  {
    name: 'quotes that never close',
    csv: CSV_HEADER + '"' + 'a"'.repeat((CSV_IMPORT_BODY_LIMIT - CSV_HEADER.length - 100) / 3),
  },
  {
    name: 'most rows, each with a quoted, spaced question cell',
    csv: manyRows(
      `Job,${'d'.repeat(200)},,,,,,,,a;b,"${' '.repeat(600)}?${' '.repeat(200)}",,,,,,\r\n`,
    ),
  },
];
