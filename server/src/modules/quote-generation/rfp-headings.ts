/**
 * Headings of an RFP and what the section under each holds. A heading's own words decide its kind
 * (the first group below that matches wins); a heading with no telling words takes the kind of the
 * heading it sits under, so "### Booking" under "## Requirements" is work and "Your proposal should
 * include:" under "## How to respond" is about answering the RFP. Every pattern here is a single
 * character class or a bounded repeat: nothing can backtrack on hostile text.
 */

export type SectionKind = 'work' | 'out' | 'optional' | 'goal' | 'timeline' | 'other';

export interface Heading {
  /** The kind its own words give, or null when it takes the kind of its parent. */
  kind: SectionKind | null;
  /** 1 for a top heading; deeper headings have larger numbers; a "Label:" line is deepest. */
  level: number;
  /** The heading's words without marks, numbering or a closing colon. */
  title: string;
}

const HEADING_WORDS: ReadonlyArray<readonly [SectionKind, readonly string[]]> = [
  ['out', ['out of scope', 'not in scope', 'exclusions', 'excluded', 'not included']],
  [
    'optional',
    [
      'nice to have',
      'nice-to-have',
      'optional',
      'bonus',
      'future phase',
      'phase 2',
      'phase two',
      'second phase',
      'later phase',
      'second stage',
      'wish list',
      'wishlist',
      'stretch goals',
    ],
  ],
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
      'submitting',
      'how to apply',
      'how to respond',
      'responding',
      'proposal format',
      'proposal contents',
      'your proposal',
      'proposal should',
      'proposals should',
      'what to include',
      'evaluation',
      'selection criteria',
      'selection process',
      'how we will choose',
      'how we will select',
      'how we choose',
      'how we select',
      'deadline and',
      'deadlines and',
      'submission deadline',
      'proposal deadline',
      'contact',
      'timeline for proposals',
      'questions',
    ],
  ],
  ['work', ['requirements', 'scope', 'features', 'deliverables', 'functionality']],
  [
    'goal',
    [
      'goals',
      'goal',
      'objectives',
      'objective',
      'the problem',
      'problem statement',
      'problem to solve',
      'challenge',
      'challenges',
      'success criteria',
      'what success looks like',
      'outcomes',
      'vision',
    ],
  ],
  [
    'timeline',
    ['timeline', 'timelines', 'timescales', 'key dates', 'project schedule', 'delivery schedule'],
  ],
];
/** Words that name a feature inside a longer heading ("Class schedule"), a section only alone. */
const WHOLE_TITLES: ReadonlyMap<string, SectionKind> = new Map([
  [' deadline ', 'other'],
  [' deadlines ', 'other'],
  [' problem ', 'goal'],
  [' success ', 'goal'],
  [' schedule ', 'timeline'],
  [' timing ', 'timeline'],
  [' dates ', 'timeline'],
]);

/** Headings of numbered sections ("1. Background", "2. Scope of Work") use only these words. */
const SECTION_TITLE_WORDS = new Set(
  (
    'about and background budget company conditions contact criteria deliverables evaluation ' +
    'functional general goals information instructions introduction non-functional objectives of ' +
    'optional out overview project proposal purpose questions requirements schedule scope ' +
    'submission summary technical terms the timeline us work'
  ).split(' '),
);

const MARKDOWN_HEADING_PATTERN = /^#{1,6}/;
const SECTION_NUMBER_PATTERN = /^\d{1,3}(?:\.\d{1,3}){0,3}\.?\s+/;

/** Lowercase words separated by single spaces, padded so phrases can match whole words. */
export function wordsOf(text: string): string {
  const words = text.toLowerCase().match(/[a-z0-9][a-z0-9'-]*/g) ?? [];
  return ` ${words.join(' ')} `;
}

function kindOfTitle(title: string): SectionKind | null {
  const words = wordsOf(title);
  const whole = WHOLE_TITLES.get(words);
  if (whole) return whole;
  for (const [kind, phrases] of HEADING_WORDS) {
    if (phrases.some((phrase) => words.includes(` ${phrase} `))) return kind;
  }
  return null;
}

function isSectionTitle(rest: string): boolean {
  const words = wordsOf(rest).trim().split(' ');
  return words.length <= 6 && words.every((word) => SECTION_TITLE_WORDS.has(word));
}

const withoutColon = (text: string) => (text.endsWith(':') ? text.slice(0, -1) : text).trim();

/** The heading a trimmed line is, or null for a line of content. */
export function headingOf(line: string): Heading | null {
  const markdown = MARKDOWN_HEADING_PATTERN.exec(line);
  if (markdown && line[markdown[0].length] === ' ') {
    const title = withoutColon(line.slice(markdown[0].length));
    return { kind: kindOfTitle(title), level: markdown[0].length, title };
  }
  const numbered = SECTION_NUMBER_PATTERN.exec(line);
  if (numbered && isSectionTitle(line.slice(numbered[0].length))) {
    const title = withoutColon(line.slice(numbered[0].length));
    const level = numbered[0].trim().split('.').filter(Boolean).length;
    return { kind: kindOfTitle(title), level, title };
  }
  if (line.length <= 60 && line.length > 3 && line === line.toUpperCase() && /[A-Z]/.test(line)) {
    return { kind: kindOfTitle(line), level: 1, title: withoutColon(line) };
  }
  if (line.length <= 80 && line.endsWith(':')) {
    return { kind: kindOfTitle(line), level: 7, title: withoutColon(line) };
  }
  return null;
}

/** Open headings, outermost first: the section a line sits in and the topic it belongs to. */
export class HeadingTrail {
  private readonly open: Array<Heading & { resolved: SectionKind }> = [];

  enter(heading: Heading): void {
    while ((this.open.at(-1)?.level ?? 0) >= heading.level) this.open.pop();
    const resolved = heading.kind ?? this.kind();
    this.open.push({ ...heading, resolved });
  }

  kind(): SectionKind {
    return this.open.at(-1)?.resolved ?? 'work';
  }

  /** The deepest heading that names a part of the work ("Booking", "Patient portal"), if any. */
  topic(): string | null {
    for (let index = this.open.length - 1; index >= 0; index -= 1) {
      const heading = this.open[index];
      if (heading && heading.resolved === 'work' && isTopic(heading.title)) return heading.title;
    }
    return null;
  }
}

/** Words of a heading that say nothing about which part of the work it covers. */
const GENERIC_WORDS = new Set(
  (
    'requirements requirement scope of work the project deliverables features feature ' +
    'functionality functional non-functional technical general overview specification ' +
    'specifications what we need key main core other additional details request for proposals ' +
    'proposal rfp rfq quote'
  ).split(' '),
);

function isTopic(title: string): boolean {
  const words = wordsOf(title).trim().split(' ');
  return (
    title.length <= 40 &&
    words.length > 0 &&
    words.length <= 5 &&
    words[0] !== '' &&
    words.every((word) => !GENERIC_WORDS.has(word))
  );
}
