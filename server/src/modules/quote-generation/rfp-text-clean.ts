/**
 * Whitespace of an extracted RFP made plain: line endings become \n, control and invisible
 * characters go (tabs and form feeds become spaces), runs of spaces shrink to one, each line is
 * trimmed, and more than one blank line in a row becomes one, so bullets and headings keep their
 * own lines for the requirement reader. Works line by line without regular expressions that could
 * backtrack.
 */

function isDropped(code: number): boolean {
  return (
    (code < 0x20 && code !== 0x0a && code !== 0x09 && code !== 0x0c) ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff ||
    code === 0x00ad
  );
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0c || code === 0xa0 || code === 0x3000;
}

/** One line with its spaces collapsed and trimmed. */
function cleanLine(line: string): string {
  let out = '';
  let pendingSpace = false;
  for (const char of line) {
    const code = char.codePointAt(0) ?? 0;
    if (isSpace(code)) {
      pendingSpace = out.length > 0;
      continue;
    }
    if (isDropped(code)) continue;
    if (pendingSpace) out += ' ';
    pendingSpace = false;
    out += char;
  }
  return out;
}

export function cleanRfpText(text: string): string {
  const lines = text.replaceAll('\r\n', '\n').replaceAll('\r', '\n').split('\n');
  const kept: string[] = [];
  for (const raw of lines) {
    const line = cleanLine(raw);
    if (line === '' && (kept.length === 0 || kept.at(-1) === '')) continue;
    kept.push(line);
  }
  while (kept.at(-1) === '') kept.pop();
  return kept.join('\n');
}

const TERMINAL = new Set(['.', ':', ';', '!', '?']);

function startsListItem(line: string): boolean {
  const first = line[0] ?? '';
  if (first === '-' || first === '•' || first === '*' || first === '–' || first === '#')
    return true;
  let digits = 0;
  while (digits < line.length && digits < 3 && line[digits]! >= '0' && line[digits]! <= '9')
    digits += 1;
  return digits > 0 && (line[digits] === '.' || line[digits] === ')');
}

const startsLowercase = (line: string) => {
  const first = line[0] ?? '';
  return first !== first.toUpperCase() && first === first.toLowerCase();
};

/**
 * A PDF's text comes back one printed line at a time, so sentences break where the page wrapped
 * them. A line joins the next when it was cut mid-sentence: it does not end a sentence or a
 * heading, the next line is not a list item, and either the next line starts in lower case or
 * this line is nearly as long as the page's longest (it was wrapped because it was full). Short
 * lines (headings, names), a short line that leads a list, and list items keep their own lines.
 */
export function unwrapPrintedLines(text: string): string {
  const lines = text.split('\n');
  const lengths = lines.map((line) => line.length).sort((a, b) => a - b);
  const fullLine = lengths[Math.floor(lengths.length * 0.9)] ?? 0;
  const out: string[] = [];
  let lastWasFull = false;
  lines.forEach((line, index) => {
    const previous = out.at(-1) ?? '';
    // A short line followed by a list reads as the list's heading ("Nice to have").
    const heading = line.length < fullLine * 0.4 && startsListItem(lines[index + 1] ?? '');
    const joins =
      previous !== '' &&
      line !== '' &&
      !TERMINAL.has(previous.at(-1) ?? '') &&
      !startsListItem(line) &&
      (startsLowercase(line) || (lastWasFull && !heading));
    if (joins) {
      const hyphenated = previous.endsWith('-') && startsLowercase(line);
      out[out.length - 1] = hyphenated ? previous + line : `${previous} ${line}`;
    } else {
      out.push(line);
    }
    lastWasFull = line.length >= fullLine * 0.75 && fullLine >= 40;
  });
  return markHeadings(out, fullLine).join('\n');
}

/**
 * Printed headings lose their markup in a PDF's text. A short line that ends no sentence, after
 * a sentence or a list and before more text, is marked as a heading ("## About us"), and a short
 * first line as the title, so the requirement reader sees the sections it would see in a DOCX.
 */
function markHeadings(lines: readonly string[], fullLine: number): string[] {
  const short = (line: string) =>
    line !== '' &&
    line.length <= Math.max(60, fullLine * 0.4) &&
    !TERMINAL.has(line.at(-1) ?? '') &&
    !startsListItem(line) &&
    !startsLowercase(line);
  const title = titleLines(lines, fullLine);
  return [
    ...(title > 0 ? [`# ${lines.slice(0, title).join(' ')}`, ''] : []),
    ...lines.slice(title).flatMap((line, offset) => {
      const index = offset + title;
      if (!short(line) || index === 0) return [line];
      const before = lines[index - 1] ?? '';
      const after = lines[index + 1] ?? '';
      const closesBefore =
        before === '' || TERMINAL.has(before.at(-1) ?? '') || startsListItem(before);
      return closesBefore && after !== '' ? ['', `## ${line}`] : [line];
    }),
  ];
}

/**
 * How many lines at the top are the document's title: the first line when it ends no sentence
 * and text follows, with a second line when the title was printed large and wrapped.
 */
function titleLines(lines: readonly string[], fullLine: number): number {
  const [first = '', second = '', third = ''] = lines;
  const open = (line: string) =>
    line !== '' && !TERMINAL.has(line.at(-1) ?? '') && !startsListItem(line);
  if (!open(first) || first.length > 160 || second === '') return 0;
  const wrapped = open(second) && !startsLowercase(second) && second.length < fullLine * 0.75;
  return wrapped && third !== '' && first.length + second.length <= 160 ? 2 : 1;
}
