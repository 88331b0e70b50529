import type { QuoteRequirement } from '#contract/quotes';

import { HeadingTrail, headingOf, wordsOf, type SectionKind } from './rfp-headings.ts';

/**
 * Requirements pulled from an RFP's text with no model: every bullet or numbered item of a section
 * that describes the work, and every prose sentence that says what the work must, shall, should or
 * needs to do (or says is optional or out of scope). Each keeps the line or sentence it came from,
 * so the quote can show where it stands and a check can prove nothing was dropped. Headings steer
 * the reading (see rfp-headings.ts): items under "Out of scope" are out of scope, items under "Nice
 * to have" or "Phase 2" optional; goals and the problem feed the quote's understanding, not its
 * lines; sections about the client, the budget, how to respond and how proposals are chosen are
 * skipped. Sentences about answering the RFP ("proposals must include…") are not requirements of
 * the work; sentences about timing ("we would like to start next month", anything under a timeline
 * heading) are kept but marked, so the quote answers them as assumptions, not priced lines.
 * Every pattern here is linear: single character classes and bounded repeats, no nested
 * quantifiers, so a hostile RFP cannot stall the reader.
 */

export interface RfpRequirement extends QuoteRequirement {
  /** The heading of the part of the work it sits under ("Booking", "Patient portal"), if any. */
  topic: string | null;
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
  ' phase 2 ',
  ' phase two ',
  ' second phase ',
  ' later phase ',
  ' future phase ',
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
/** Phrases of a prose sentence about timing. */
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
/**
 * A list item names work even when it mentions a span ("three months of support after launch");
 * only these phrases make one about timing.
 */
const ITEM_SCHEDULE_PHRASES = [
  ' deadline ',
  ' start in ',
  ' start on ',
  ' start by ',
  ' live by ',
  ' completed by ',
  ' delivered by ',
  ' finished by ',
];
/** Openings of a sentence that says the client is hiring, not what the work is. */
const HIRING_OPENINGS = [
  ' we are looking for ',
  " we're looking for ",
  ' we are seeking ',
  ' we seek ',
  ' we want to hire ',
  ' we would like to hire ',
  ' we need to hire ',
  ' we are hiring ',
  ' i am looking for ',
  " i'm looking for ",
];
const HIRED_WORDS = [
  ' partner ',
  ' agency ',
  ' freelancer ',
  ' developer ',
  ' vendor ',
  ' team ',
  ' someone ',
  ' company ',
  ' contractor ',
  ' consultant ',
  ' designer ',
  ' studio ',
];
/** A hiring sentence is dropped when at least this many other requirements describe the work. */
const HIRING_KEPT_BELOW = 3;
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

interface Candidate {
  text: string;
  sentence: string;
  source: RfpRequirement['source'];
  section: SectionKind;
  topic: string | null;
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
  const trail = new HeadingTrail();
  let paragraph: string[] = [];
  let seenContent = false;
  // The list item an indented line without a marker continues (a wrapped bullet).
  let openItem: Candidate | null = null;
  const flush = () => {
    for (const sentence of sentencesOf(paragraph.join(' '))) {
      const section = trail.kind();
      candidates.push({ text: sentence, sentence, source: 'sentence', section, topic: null });
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
    const heading = paragraph.length > 0 || item?.source === 'bullet' ? null : headingOf(line);
    if (heading) {
      flush();
      // The document's own title heads no part of the work.
      trail.enter(seenContent ? heading : { ...heading, title: '' });
      seenContent = true;
      continue;
    }
    seenContent = true;
    if (item) {
      flush();
      // A list item ending in a colon opens a group; the items under it are the requirements.
      if (!item.rest.trim().endsWith(':')) {
        openItem = {
          text: item.rest,
          sentence: line,
          source: item.source,
          section: trail.kind(),
          topic: trail.topic(),
        };
        candidates.push(openItem);
      }
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return candidates;
}

const isHiring = (words: string) =>
  HIRING_OPENINGS.some((opening) => words.startsWith(opening)) && hasAny(words, HIRED_WORDS);

type Found = Omit<RfpRequirement, 'id'> & { hiring: boolean };

function requirementOf(candidate: Candidate): Found | null {
  const text = tidy(candidate.text);
  const { section, source } = candidate;
  if (text.length < 3 || section === 'other' || section === 'goal') return null;
  // A sentence ending in a colon introduces the list under it.
  if (source === 'sentence' && candidate.sentence.endsWith(':')) return null;
  const words = wordsOf(text);
  if (hasAny(words, PROCESS_PHRASES)) return null;
  const stated =
    hasAny(words, REQUIREMENT_PHRASES) ||
    hasAny(words, OPTIONAL_PHRASES) ||
    hasAny(words, OUT_OF_SCOPE_PHRASES);
  // Under a timeline heading every sentence is about timing; elsewhere prose must state a need.
  if (source === 'sentence' && !stated && section !== 'timeline') return null;
  const schedule =
    section === 'timeline' ||
    hasAny(words, source === 'sentence' ? SCHEDULE_PHRASES : ITEM_SCHEDULE_PHRASES);
  return {
    text,
    sentence: tidySentence(candidate.sentence),
    source,
    outOfScope: section === 'out' || hasAny(words, OUT_OF_SCOPE_PHRASES),
    optional: section === 'optional' || hasAny(words, OPTIONAL_PHRASES),
    schedule,
    topic: candidate.topic,
    hiring: source === 'sentence' && isHiring(words),
  };
}

const tidySentence = (sentence: string) =>
  sentence.split(/\s+/).filter(Boolean).join(' ').slice(0, 2_000);

/**
 * The requirements of an RFP, in reading order, without duplicates. A sentence saying the client
 * is hiring ("We are looking for a partner to design and build…") introduces the RFP; it counts
 * only when the RFP lists too little else to quote from.
 */
export function extractRequirements(rfpText: string): RfpRequirement[] {
  const text = rfpText.slice(0, RFP_TEXT_MAX).replace(/\r\n?/g, '\n');
  const seen = new Set<string>();
  const found: Found[] = [];
  for (const candidate of candidatesOf(text)) {
    const requirement = requirementOf(candidate);
    if (!requirement) continue;
    const key = wordsOf(requirement.text);
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(requirement);
  }
  const work = found.filter((r) => !r.hiring && !r.outOfScope && !r.schedule).length;
  return found
    .filter((requirement) => !requirement.hiring || work < HIRING_KEPT_BELOW)
    .slice(0, REQUIREMENTS_MAX)
    .map(({ hiring: _hiring, ...requirement }, index) => ({
      id: `req-${index + 1}`,
      ...requirement,
    }));
}

/** What the RFP says it wants to achieve: its goal bullets, and the prose of its problem section. */
export function extractAims(rfpText: string): { goals: string[]; problem: string[] } {
  const text = rfpText.slice(0, RFP_TEXT_MAX).replace(/\r\n?/g, '\n');
  const goals: string[] = [];
  const problem: string[] = [];
  for (const candidate of candidatesOf(text)) {
    if (candidate.section !== 'goal') continue;
    const aim = tidy(candidate.text);
    if (aim.length < 3) continue;
    (candidate.source === 'sentence' ? problem : goals).push(aim);
  }
  return { goals: goals.slice(0, 12), problem: problem.slice(0, 12) };
}
