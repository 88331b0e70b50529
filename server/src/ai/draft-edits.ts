import { splitSentences } from './job-text.ts';

/*
 * Surgery on a draft's text that keeps its shape: paragraphs split by blank lines, a greeting
 * line at the top, a sign-off (and name) at the bottom.
 */

export function normalise(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/(?<![ \t])[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Lines at the end that are a sign-off (short, no question), e.g. "Best,\nJane Doe". */
export function signatureStart(lines: string[]): number {
  let start = lines.length;
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - 4); i--) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    if (line.length <= 40 && !line.includes('?') && !/[.!]$/.test(line.replace(/,$/, '')))
      start = i;
    else break;
  }
  return start;
}

/** The draft without its sign-off lines. */
export function bodyOf(text: string): string {
  const lines = text.split('\n');
  return lines.slice(0, signatureStart(lines)).join('\n').trim();
}

export function insertBeforeSignature(text: string, addition: string): string {
  const lines = text.split('\n');
  const start = signatureStart(lines);
  const body = lines.slice(0, start).join('\n').trimEnd();
  const signature = lines.slice(start).join('\n').trim();
  return signature ? `${body}\n\n${addition}\n\n${signature}` : `${body}\n\n${addition}`;
}

/** Before the closing question and sign-off, so the draft still ends with the question. */
export function insertBeforeClosing(text: string, addition: string): string {
  const paragraphs = text.split(/\n\s*\n/);
  const lines = text.split('\n');
  const hasSignature = signatureStart(lines) < lines.length;
  let keep = 0;
  if (hasSignature) keep++;
  const lastBody = paragraphs[paragraphs.length - 1 - keep];
  if (lastBody && lastBody.trim().endsWith('?')) keep++;
  if (keep === 0 || paragraphs.length <= keep) return `${text}\n\n${addition}`;
  const head = paragraphs.slice(0, paragraphs.length - keep).join('\n\n');
  const tail = paragraphs.slice(paragraphs.length - keep).join('\n\n');
  return `${head}\n\n${addition}\n\n${tail}`;
}

const GREETING = /^(?:hello|hi|hey|dear|good (?:morning|afternoon|evening)|greetings|howdy)\b/i;

/** True when the paragraph is a greeting line ("Hi Sam,"). */
export function isGreeting(paragraph: string): boolean {
  const line = paragraph.trim();
  return line.length <= 60 && !line.includes('\n') && GREETING.test(line);
}

/** Right after the greeting (or at the top when there is none). */
export function insertAfterGreeting(text: string, addition: string): string {
  const paragraphs = text.split(/\n\s*\n/);
  // A first paragraph that opens with a greeting stays first, even when it runs on.
  const at = paragraphs.length > 1 && GREETING.test(paragraphs[0]!.trim()) ? 1 : 0;
  paragraphs.splice(at, 0, addition);
  return paragraphs.join('\n\n');
}

export function removeSentences(text: string, drop: (sentence: string) => boolean): string {
  return normalise(
    text
      .split(/\n\s*\n/)
      .map((para) =>
        para
          .split('\n')
          .map((line) => {
            const sentences = line.split(/(?<=[.!?])\s+/);
            return sentences.filter((s) => !drop(s)).join(' ');
          })
          .filter((line, i, all) => line.trim() !== '' || all.length === 1)
          .join('\n'),
      )
      .filter((para) => para.trim() !== '')
      .join('\n\n'),
  );
}

/** Drops sentences from the middle of the draft (keeping the opening, question and sign-off). */
export function fitToLimit(text: string, limit: number): string {
  const paragraphs = text.split(/\n\s*\n/);
  if (paragraphs.length >= 3) {
    const head = paragraphs[0]!;
    const tail = paragraphs.slice(-2);
    const middle = paragraphs.slice(1, -2);
    // Trim the longest paragraph first: answers and proof are short, padding is long.
    while (middle.length > 0 && [head, ...middle, ...tail].join('\n\n').length > limit) {
      const index = middle.reduce(
        (best, para, i) => (para.length > middle[best]!.length ? i : best),
        0,
      );
      const sentences = middle[index]!.split(/(?<=[.!?])\s+/);
      if (sentences.length > 1) middle[index] = sentences.slice(0, -1).join(' ');
      else middle.splice(index, 1);
    }
    const joined = [head, ...middle, ...tail].join('\n\n');
    if (joined.length <= limit) return joined;
  }
  // A single huge paragraph: keep the end (the question) and cut the beginning at a word boundary.
  const ending = splitSentences(text).slice(-1)[0] ?? '';
  const room = limit - ending.length - 2;
  const cut = text.slice(0, Math.max(0, room));
  const trimmed = cut.slice(0, Math.max(0, cut.lastIndexOf(' ')));
  return `${trimmed}\n\n${ending}`.slice(0, limit);
}
