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
