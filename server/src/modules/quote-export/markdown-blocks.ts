import { Lexer, type Token, type Tokens } from 'marked';

/**
 * The quote's markdown sections as plain blocks the PDF and DOCX writers can lay out: headings,
 * paragraphs and bullet or numbered lists, each made of text runs that are bold, italic or both.
 * Markdown is only read, never turned into HTML; raw HTML in the text stays visible as the
 * characters the user typed, images keep their alt text and links keep their text and address.
 */

export interface TextRun {
  text: string;
  bold: boolean;
  italic: boolean;
}

export interface ListItem {
  runs: TextRun[];
  /** 0 for a top-level item, 1 for an item nested under it, and so on. */
  level: number;
  /** "1." for a numbered item, null for a bullet. */
  marker: string | null;
}

export type TextBlock =
  | { kind: 'heading'; runs: TextRun[] }
  | { kind: 'paragraph'; runs: TextRun[] }
  | { kind: 'list'; items: ListItem[] };

interface Style {
  bold: boolean;
  italic: boolean;
}

const PLAIN: Style = { bold: false, italic: false };
/** Lists nested deeper than this are laid out at this depth. */
const MAX_LEVEL = 3;

export function markdownBlocks(markdown: string): TextBlock[] {
  const tokens = new Lexer({ gfm: true }).lex(markdown);
  const blocks: TextBlock[] = [];
  for (const token of tokens) blocks.push(...blockOf(token));
  return blocks.filter((block) => block.kind === 'list' || hasText(block.runs));
}

/** The words of the blocks without styling (tests and search read this). */
export function blocksText(blocks: readonly TextBlock[]): string {
  return blocks
    .map((block) =>
      block.kind === 'list'
        ? block.items.map((item) => runsText(item.runs)).join('\n')
        : runsText(block.runs),
    )
    .join('\n');
}

export const runsText = (runs: readonly TextRun[]) => runs.map((run) => run.text).join('');

function hasText(runs: readonly TextRun[]): boolean {
  return runs.some((run) => run.text.trim() !== '');
}

function blockOf(token: Token): TextBlock[] {
  switch (token.type) {
    case 'heading':
      return [{ kind: 'heading', runs: inlineRuns((token as Tokens.Heading).tokens, PLAIN) }];
    case 'paragraph':
      return [{ kind: 'paragraph', runs: inlineRuns((token as Tokens.Paragraph).tokens, PLAIN) }];
    case 'list':
      return [{ kind: 'list', items: listItems(token as Tokens.List, 0) }];
    case 'blockquote':
      return (token as Tokens.Blockquote).tokens.flatMap(blockOf);
    case 'table':
      return tableBlocks(token as Tokens.Table);
    case 'space':
    case 'hr':
    case 'def':
      return [];
    default:
      // code, html and anything else: the text as typed, on its own paragraph.
      return [{ kind: 'paragraph', runs: plainRuns(rawTextOf(token)) }];
  }
}

function listItems(list: Tokens.List, level: number): ListItem[] {
  const items: ListItem[] = [];
  const start = typeof list.start === 'number' ? list.start : 1;
  list.items.forEach((item, index) => {
    const marker = list.ordered ? `${start + index}.` : null;
    const runs: TextRun[] = [];
    const nested: ListItem[] = [];
    for (const child of item.tokens) {
      if (child.type === 'checkbox') {
        // A task list item: its box as text, ticked or not.
        runs.push({ text: 'checked' in child && child.checked ? '[x] ' : '[ ] ', ...PLAIN });
      } else if (child.type === 'list') {
        nested.push(...listItems(child as Tokens.List, Math.min(level + 1, MAX_LEVEL)));
      } else {
        if (hasText(runs) && !runsText(runs).endsWith(' ')) runs.push({ text: ' ', ...PLAIN });
        runs.push(...blockRunsOf(child));
      }
    }
    items.push({ runs, level, marker }, ...nested);
  });
  return items;
}

/** The runs of a block inside a list item (text, paragraph, or anything else as plain text). */
function blockRunsOf(token: Token): TextRun[] {
  if (token.type === 'text' || token.type === 'paragraph' || token.type === 'heading') {
    const inner = (token as Tokens.Text).tokens;
    return inner ? inlineRuns(inner, PLAIN) : plainRuns((token as Tokens.Text).text);
  }
  if (token.type === 'space') return [];
  return plainRuns(rawTextOf(token));
}

/** A markdown table, one paragraph per row with its cells separated by " | ". */
function tableBlocks(table: Tokens.Table): TextBlock[] {
  const rows = [table.header, ...table.rows];
  return rows.map((cells) => ({
    kind: 'paragraph' as const,
    runs: cells.flatMap((cell, index) => [
      ...(index > 0 ? plainRuns(' | ') : []),
      ...inlineRuns(cell.tokens, cells === table.header ? { bold: true, italic: false } : PLAIN),
    ]),
  }));
}

function inlineRuns(tokens: readonly Token[] | undefined, style: Style): TextRun[] {
  const runs: TextRun[] = [];
  for (const token of tokens ?? []) runs.push(...inlineOf(token, style));
  return mergeRuns(runs);
}

function inlineOf(token: Token, style: Style): TextRun[] {
  switch (token.type) {
    case 'strong':
      return inlineRuns((token as Tokens.Strong).tokens, { ...style, bold: true });
    case 'em':
      return inlineRuns((token as Tokens.Em).tokens, { ...style, italic: true });
    case 'del':
      return inlineRuns((token as Tokens.Del).tokens, style);
    case 'link': {
      const link = token as Tokens.Link;
      const label = inlineRuns(link.tokens, style);
      const labelText = runsText(label);
      return labelText === link.href ? label : [...label, { text: ` (${link.href})`, ...style }];
    }
    case 'image':
      return [{ text: (token as Tokens.Image).text, ...style }];
    case 'br':
      return [{ text: '\n', ...style }];
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? inlineRuns(text.tokens, style) : [{ text: text.text, ...style }];
    }
    case 'codespan':
      return [{ text: (token as Tokens.Codespan).text, ...style }];
    case 'escape':
      return [{ text: (token as Tokens.Escape).text, ...style }];
    default:
      return [{ text: rawTextOf(token), ...style }];
  }
}

function rawTextOf(token: Token): string {
  if ('text' in token && typeof token.text === 'string') return token.text;
  return token.raw;
}

function plainRuns(text: string): TextRun[] {
  return [{ text, ...PLAIN }];
}

/** Neighbouring runs of the same style joined, and the common character entities decoded. */
function mergeRuns(runs: readonly TextRun[]): TextRun[] {
  const merged: TextRun[] = [];
  for (const run of runs) {
    if (run.text === '') continue;
    const last = merged.at(-1);
    if (last && last.bold === run.bold && last.italic === run.italic) {
      last.text += run.text;
    } else {
      merged.push({ ...run });
    }
  }
  return merged.map((run) => ({ ...run, text: decodeEntities(run.text) }));
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The five entities markdown writers type for < > & and quotes read as the characters, as the preview shows them. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  let out = text;
  for (const [entity, char] of Object.entries(ENTITIES)) out = out.split(entity).join(char);
  return out;
}
