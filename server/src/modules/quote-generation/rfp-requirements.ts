import type { QuoteRequirement } from '#contract/quotes';

/**
 * Requirements pulled from an RFP's text with no model: every bullet or numbered item of a section
 * that describes the work, and every prose sentence that says what the work must, shall, should or
 * needs to do (or says is optional or out of scope). Each keeps the line or sentence it came from, so the quote can show where it stands
 * and a check can prove nothing was dropped. Headings steer the reading: items under "Out of scope"
 * are marked out of scope, items under "Nice to have" optional, and sections about the client, the
 * budget or how to submit a proposal are skipped. Sentences about answering the RFP ("proposals
 * must include…") are not requirements of the work; sentences about timing ("we would like to start
 * next month") are kept but marked, so the quote can answer them as assumptions, not priced lines.
 * Every pattern here is linear: single character classes and bounded repeats, no nested
 * quantifiers, so a hostile RFP cannot stall the reader.
 */

export interface RfpRequirement extends QuoteRequirement {
  source: 'bullet' | 'numbered' | 'sentence';
  /** Listed under an out-of-scope heading or phrased as something the work does not include. */
  outOfScope: boolean;
  /** A nice-to-have: priced as an optional line the client may tick. */
  optional: boolean;
  /** About when, not what: a start, a deadline, a duration. */
  schedule: boolean;
}

/** The reader looks at this much of an RFP (about 60 pages of plain text). */
export const RFP_TEXT_MAX = 200_000;
export const REQUIREMENTS_MAX = 120;
const REQUIREMENT_TEXT_MAX = 1_000;

const BULLET_PATTERN = /^[-*+•◦▪‣–—·]\s+/;
const NUMBERED_PATTERN =
  /^(?:\d{1,3}[.)]|\d{1,3}(?:\.\d{1,3}){1,3}\.?|[a-z][.)]|\([a-z0-9]{1,3}\))\s+/i;
const MARKDOWN_HEADING_PATTERN = /^#{1,6}\s+/;

type SectionKind = 'work' | 'out' | 'optional' | 'other';

/** Words of a heading that say what the section holds; the first group that matches wins. */
const HEADING_WORDS: ReadonlyArray<readonly [SectionKind, readonly string[]]> = [
  ['out', ['out of scope', 'not in scope', 'exclusions', 'excluded', 'not included']],
  ['optional', ['nice to have', 'nice-to-have', 'optional', 'bonus', 'future phase']],
  [
    'other',
    [
      'about us',
      'about the company',
      'background',
      'company overview',
      'who we are',
      'budget',
      'submission',
      'how to apply',
      'how to respond',
      'proposal format',
      'evaluation',
      'selection criteria',
      'contact',
      'timeline for proposals',
      'questions',
    ],
  ],
];

/** Phrases that make a prose sentence a requirement. */
const REQUIREMENT_PHRASES = [
  ' must ',
  ' shall ',
  ' should ',
  ' need ',
  ' needs ',
  ' needed ',
  ' require ',
  ' requires ',
  ' required ',
  ' has to ',
  ' have to ',
  ' expected to ',
  ' looking for ',
  ' would like ',
  ' want ',
  ' wants ',
];
const OPTIONAL_PHRASES = [
  ' nice to have ',
  ' nice-to-have ',
  ' optional ',
  ' bonus ',
  ' would be nice ',
  ' would be great ',
  ' if budget allows ',
  ' ideally ',
];
const OUT_OF_SCOPE_PHRASES = [
  ' out of scope ',
  ' not in scope ',
  ' is not required ',
  ' are not required ',
  ' not needed ',
  ' do not need ',
  ' does not need ',
  ' excluded ',
  ' handled by our ',
  ' handled in-house ',
];
/** Sentences about answering the RFP itself, not about the work. */
const PROCESS_PHRASES = [
  ' proposal ',
  ' proposals ',
  ' submission ',
  ' submit ',
  ' submitted ',
  ' bidder ',
  ' bidders ',
  ' applicant ',
  ' applicants ',
  ' respondent ',
  ' respondents ',
  ' your quote ',
];
/** Phrases of a sentence about timing. */
const SCHEDULE_PHRASES = [
  ' deadline ',
  ' weeks ',
  ' months ',
  ' next month ',
  ' start in ',
  ' start on ',
  ' start by ',
  ' launch by ',
  ' launch before ',
  ' live by ',
  ' completed by ',
  ' delivered by ',
  ' finished by ',
];
/** Headings of numbered sections ("1. Background", "2. Scope of Work") use only these words. */
const SECTION_TITLE_WORDS = new Set(
  (
    'about and background budget company conditions contact criteria deliverables evaluation ' +
    'functional general goals information instructions introduction non-functional objectives of ' +
    'optional out overview project proposal purpose questions requirements schedule scope ' +
    'submission summary technical terms the timeline us work'
  ).split(' '),
);
const ABBREVIATIONS = new Set([
  'e.g.',
  'i.e.',
  'etc.',
  'vs.',
  'approx.',
  'incl.',
  'e.g.,',
  'i.e.,',
]);

/** Lowercase words separated by single spaces, padded so phrases can match whole words. */
function wordsOf(text: string): string {
  const words = text.toLowerCase().match(/[a-z0-9][a-z0-9'-]*/g) ?? [];
  return ` ${words.join(' ')} `;
}

const hasAny = (words: string, phrases: readonly string[]) =>
  phrases.some((phrase) => words.includes(phrase));

function tidy(text: string): string {
  const collapsed = text.split(/\s+/).filter(Boolean).join(' ');
  let end = collapsed.length;
  while (end > 0 && '.;,:'.includes(collapsed[end - 1] ?? '')) end -= 1;
  return collapsed.slice(0, end).slice(0, REQUIREMENT_TEXT_MAX);
}

/** Sentences of a paragraph: ends at . ! ? followed by a space, except after a few abbreviations. */
export function sentencesOf(paragraph: string): string[] {
  const sentences: string[] = [];
  let current: string[] = [];
  for (const token of paragraph.split(/\s+/).filter(Boolean)) {
    current.push(token);
    const last = token.at(-1) ?? '';
    if ('.!?'.includes(last) && !ABBREVIATIONS.has(token.toLowerCase())) {
      sentences.push(current.join(' '));
      current = [];
    }
  }
  if (current.length > 0) sentences.push(current.join(' '));
  return sentences;
}

/** A numbered line that titles a section rather than listing a requirement. */
function isSectionTitle(rest: string): boolean {
  const words = wordsOf(rest).trim().split(' ');
  return words.length <= 6 && words.every((word) => SECTION_TITLE_WORDS.has(word));
}

/** The kind of section a heading opens, or null when the line is not a heading. */
function headingKind(line: string): SectionKind | null {
  const markdown = MARKDOWN_HEADING_PATTERN.exec(line);
  const numbered = NUMBERED_PATTERN.exec(line);
  const isHeading =
    markdown !== null ||
    (numbered !== null && isSectionTitle(line.slice(numbered[0].length))) ||
    (line.length <= 80 && line.endsWith(':')) ||
    (line.length <= 60 && line.length > 3 && line === line.toUpperCase() && /[A-Z]/.test(line));
  if (!isHeading) return null;
  const words = wordsOf(line);
  for (const [kind, phrases] of HEADING_WORDS) {
    if (phrases.some((phrase) => words.includes(` ${phrase} `))) return kind;
  }
  return 'work';
}

interface Candidate {
  text: string;
  sentence: string;
  source: RfpRequirement['source'];
  section: SectionKind;
}

function itemOf(line: string): { rest: string; source: 'bullet' | 'numbered' } | null {
  const bullet = BULLET_PATTERN.exec(line);
  if (bullet) return { rest: line.slice(bullet[0].length), source: 'bullet' };
  const numbered = NUMBERED_PATTERN.exec(line);
  if (numbered) return { rest: line.slice(numbered[0].length), source: 'numbered' };
  return null;
}

/** Walks the lines once, collecting list items and prose sentences with the section they sit in. */
function candidatesOf(text: string): Candidate[] {
  const candidates: Candidate[] = [];
  let section: SectionKind = 'work';
  let paragraph: string[] = [];
  // The list item an indented line without a marker continues (a wrapped bullet).
  let openItem: Candidate | null = null;
  const flush = () => {
    for (const sentence of sentencesOf(paragraph.join(' '))) {
      candidates.push({ text: sentence, sentence, source: 'sentence', section });
    }
    paragraph = [];
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const item = line === '' ? null : itemOf(line);
    if (openItem && item === null && line !== '' && !raw.startsWith(line)) {
      openItem.text = `${openItem.text} ${line}`;
      openItem.sentence = `${openItem.sentence} ${line}`;
      continue;
    }
    openItem = null;
    if (line === '') {
      flush();
      continue;
    }
    // A line ending in a colon inside a paragraph introduces a list; it heads nothing.
    const heading = paragraph.length > 0 || item?.source === 'bullet' ? null : headingKind(line);
    if (heading) {
      flush();
      section = heading;
      continue;
    }
    if (item) {
      flush();
      // A list item ending in a colon opens a group; the items under it are the requirements.
      if (!item.rest.trim().endsWith(':')) {
        openItem = { text: item.rest, sentence: line, source: item.source, section };
        candidates.push(openItem);
      }
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return candidates;
}

function requirementOf(candidate: Candidate): Omit<RfpRequirement, 'id'> | null {
  const text = tidy(candidate.text);
  if (text.length < 3 || candidate.section === 'other') return null;
  // A sentence ending in a colon introduces the list under it.
  if (candidate.source === 'sentence' && candidate.sentence.endsWith(':')) return null;
  const words = wordsOf(text);
  if (hasAny(words, PROCESS_PHRASES)) return null;
  const stated =
    hasAny(words, REQUIREMENT_PHRASES) ||
    hasAny(words, OPTIONAL_PHRASES) ||
    hasAny(words, OUT_OF_SCOPE_PHRASES);
  if (candidate.source === 'sentence' && !stated) return null;
  return {
    text,
    sentence: tidySentence(candidate.sentence),
    source: candidate.source,
    outOfScope: candidate.section === 'out' || hasAny(words, OUT_OF_SCOPE_PHRASES),
    optional: candidate.section === 'optional' || hasAny(words, OPTIONAL_PHRASES),
    schedule: hasAny(words, SCHEDULE_PHRASES),
  };
}

const tidySentence = (sentence: string) =>
  sentence.split(/\s+/).filter(Boolean).join(' ').slice(0, 2_000);

/** The requirements of an RFP, in reading order, without duplicates. */
export function extractRequirements(rfpText: string): RfpRequirement[] {
  const text = rfpText.slice(0, RFP_TEXT_MAX).replace(/\r\n?/g, '\n');
  const seen = new Set<string>();
  const requirements: RfpRequirement[] = [];
  for (const candidate of candidatesOf(text)) {
    const requirement = requirementOf(candidate);
    if (!requirement) continue;
    const key = wordsOf(requirement.text);
    if (seen.has(key)) continue;
    seen.add(key);
    requirements.push({ id: `req-${requirements.length + 1}`, ...requirement });
    if (requirements.length >= REQUIREMENTS_MAX) break;
  }
  return requirements;
}
