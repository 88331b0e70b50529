/**
 * The project title and the client's name, read from an RFP's first line and first sentence with
 * plain string steps (no pattern that could backtrack). The title loses a leading "Request for
 * Proposals:" or "RFP –"; an all-capitals title is put in title case. The client is the name after
 * the last "for" of the title, the name before ": Request for proposals", the name after "RFP –"
 * when the text repeats it, or the name that opens the first sentence ("Riverside Physiotherapy
 * Group runs four clinics"). A name is a run of capitalised words; when nothing reads like one,
 * there is no client name and the quote keeps its marker.
 */

const TITLE_MAX = 100;
const NAME_WORDS_MAX = 6;

/** Document kinds an RFP's title may lead or end with, longest first. */
const DOCUMENT_KINDS = [
  'request for proposals',
  'request for proposal',
  'request for quotations',
  'request for quotation',
  'request for quotes',
  'request for quote',
  'invitation to tender',
  'rfps',
  'rfp',
  'rfq',
  'itt',
];
const SEPARATORS = [':', '–', '—', '-', '|'];
/** Small words a name may hold between its capitalised ones ("Bank of the West"). */
const NAME_JOINERS = new Set(['&', 'and', 'of', 'the', 'for', 'de', 'la', 'von']);
/** Capitalised words that open a sentence without naming anyone. */
const NOT_NAMES = new Set(
  'we our us i my this the a an it in at on since today patients customers they these there you your'.split(
    ' ',
  ),
);
/** Verbs after which the words before them are the client's name: "X runs", "X is a". */
const INTRODUCING_VERBS = new Set(
  'is are runs run operates owns has have provides offers sells makes builds helps serves manages was'.split(
    ' ',
  ),
);

export interface RfpHeadline {
  /** The project's title without the RFP wording, or null when the first line gives none. */
  title: string | null;
  /** The client's name, or null when the text does not say it plainly. */
  clientName: string | null;
}

const isCapitalised = (word: string) => {
  const first = word.charAt(0);
  return first !== first.toLowerCase() || (first >= '0' && first <= '9');
};

/** Whether words read like an organisation's name: capitalised words and a few small joiners. */
function isName(words: readonly string[]): boolean {
  if (words.length === 0 || words.length > NAME_WORDS_MAX) return false;
  const first = words[0] ?? '';
  const last = words.at(-1) ?? '';
  if (NOT_NAMES.has(first.toLowerCase()) || !isCapitalised(first) || !isCapitalised(last)) {
    return false;
  }
  return words.every((word) => isCapitalised(word) || NAME_JOINERS.has(word.toLowerCase()));
}

const wordsIn = (text: string) => text.split(' ').filter(Boolean);

function trimSeparators(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && ` ${SEPARATORS.join('')}`.includes(text.charAt(start))) start += 1;
  while (end > start && ` .${SEPARATORS.join('')}`.includes(text.charAt(end - 1))) end -= 1;
  return text.slice(start, end);
}

/** The title with a leading or trailing "Request for Proposals" and its separator removed. */
function withoutDocumentKind(title: string): { rest: string; lead: string; trail: string } {
  const lower = title.toLowerCase();
  for (const kind of DOCUMENT_KINDS) {
    const after = lower.charAt(kind.length);
    if (lower.startsWith(kind) && (after === '' || SEPARATORS.includes(after) || after === ' ')) {
      return { rest: trimSeparators(title.slice(kind.length)), lead: kind, trail: '' };
    }
    const before = lower.charAt(lower.length - kind.length - 1);
    if (lower.endsWith(kind) && (before === ' ' || SEPARATORS.includes(before))) {
      const rest = trimSeparators(title.slice(0, title.length - kind.length));
      return { rest, lead: '', trail: kind };
    }
  }
  return { rest: title, lead: '', trail: '' };
}

function titleCase(text: string): string {
  if (text !== text.toUpperCase()) return text;
  return wordsIn(text.toLowerCase())
    .map((word, index) =>
      index > 0 && NAME_JOINERS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ');
}

/** Whether a word reads as the verb after a name: a listed one, or "coordinates", "runs"… */
const isVerbAfterName = (word: string, nameWords: number) =>
  INTRODUCING_VERBS.has(word) ||
  (nameWords >= 2 && word.length > 3 && word.endsWith('s') && word === word.toLowerCase());

/** The name opening the first sentence ("Acme Dental is a…"), if the sentence starts with one. */
function openingName(firstSentence: string): string | null {
  const words = wordsIn(firstSentence.slice(0, 300)).slice(0, NAME_WORDS_MAX + 1);
  const verbAt = words.findIndex((word, index) => index > 0 && isVerbAfterName(word, index));
  if (verbAt < 1) return null;
  const name = words.slice(0, verbAt);
  return isName(name) ? name.join(' ') : null;
}

/** A name the title gives, counted only when the text names the client the same way. */
function clientFromTitle(rest: string, lead: string, trail: string, body: string): string | null {
  const words = wordsIn(rest);
  const forAt = words.findLastIndex((word) => word.toLowerCase() === 'for');
  const candidates = [
    // "Acme Dental: Request for proposals": the part before the RFP wording.
    trail ? words : [],
    // "Booking app for Acme Dental": the words after the last "for".
    forAt >= 0 ? words.slice(forAt + 1) : [],
    // "RFP – Acme Dental".
    lead ? words : [],
  ];
  for (const candidate of candidates) {
    const name = candidate.join(' ');
    if (isName(candidate) && body.includes(name)) return name;
  }
  return null;
}

/** The RFP's title and client, read from its first line and its first prose sentence. */
export function readHeadline(rfpText: string, firstSentence: string | null): RfpHeadline {
  const lines = rfpText.trim().split('\n', 2);
  const first = (lines[0] ?? '').trim();
  let heading = first;
  while (heading.startsWith('#')) heading = heading.slice(1);
  heading = wordsIn(heading).join(' ');
  const isTitle =
    heading.length >= 4 && heading.length <= TITLE_MAX * 2 && !'.!?'.includes(heading.at(-1) ?? '');
  if (!isTitle) {
    const fromSentence = firstSentence ? openingName(firstSentence) : null;
    return { title: null, clientName: fromSentence };
  }
  const { rest, lead, trail } = withoutDocumentKind(heading);
  const body = rfpText.slice(first.length, first.length + 20_000);
  const clientName =
    clientFromTitle(rest, lead, trail, body) ?? (firstSentence ? openingName(firstSentence) : null);
  // A title that only names the client says nothing about the work.
  const title = rest.length < 4 || clientName === rest ? null : titleCase(rest).slice(0, TITLE_MAX);
  return { title, clientName };
}
