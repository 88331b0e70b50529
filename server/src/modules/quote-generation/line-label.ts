/**
 * A priced line's label from a requirement's words: the client's framing ("We want", "We need",
 * "The vendor shall") is dropped so the line names the work, the first letter is a capital, and a
 * requirement longer than LABEL_MAX characters is cut to its first clause: a bracketed aside is
 * dropped when that is enough; else the text ends at a colon, semicolon, bracket or dash, else
 * before "with", "so", "which" or a comma that opens a new clause; else before the phrase that opens
 * a list ("access for receptionists, clinicians…"), else at the last preposition or word that fits.
 * The full wording goes in the line's description.
 */

export const LABEL_MAX = 80;
/** A clause must keep this many words to name the work. */
const CLAUSE_WORDS_MIN = [2, 3];

/** Where a requirement's first clause ends, strongest first; the first that fits is used. */
const CLAUSE_ENDS: ReadonlyArray<readonly string[]> = [
  [':', ';', ' (', ' – ', ' — ', ' - '],
  [
    ', with ',
    ', which ',
    ', after ',
    ', so ',
    ', where ',
    ', but ',
    ', then ',
    ', editable ',
    ' with ',
    ' so ',
    ' which ',
    ' where ',
    ' including ',
    ' such as ',
  ],
];
/** Words before which a label can end: a list or a detail follows them. */
const SOFT_ENDS = [
  ' from ',
  ' for ',
  ' by ',
  ' per ',
  ' showing ',
  ' via ',
  ' through ',
  ' in ',
  ' on ',
  ' to ',
  ' of ',
];

/** Openings that frame a wish rather than name the work, longest first. */
const FRAMINGS = [
  'we would also like to have ',
  'we would also like ',
  'we would like to have ',
  'we would like ',
  'we also want ',
  'we also need ',
  'we are looking for ',
  'we want to have ',
  'we want ',
  'we need ',
  'we require ',
  'i want ',
  'i need ',
  'there should be ',
  'there must be ',
  'the selected vendor shall ',
  'the selected vendor will ',
  'the selected vendor must ',
  'the vendor shall ',
  'the vendor should ',
  'the vendor will ',
  'the vendor must ',
  'the contractor shall ',
  'the contractor will ',
  'the contractor must ',
  'the developer will ',
  'the developer should ',
  'you will ',
  'ideally, ',
  'ideally ',
  'optionally, ',
  'it must ',
  'it should ',
  'it needs to ',
];

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const trimEnd = (text: string) => {
  let end = text.length;
  while (end > 0 && ' ,;:.-–—'.includes(text[end - 1] ?? '')) end -= 1;
  return text.slice(0, end);
};

const wordCount = (text: string) => text.split(' ').filter(Boolean).length;

/** Every index where `needle` starts in `text`, in order. */
function indexesOf(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/** The text without its first bracketed aside, when there is one. */
function withoutAside(text: string): string {
  const open = text.indexOf(' (');
  const close = open >= 0 ? text.indexOf(')', open) : -1;
  return close < 0 ? text : `${text.slice(0, open)}${text.slice(close + 1)}`;
}

function clauseEnd(text: string): number | null {
  for (const [level, ends] of CLAUSE_ENDS.entries()) {
    const minimum = CLAUSE_WORDS_MIN[level] ?? 2;
    const at = ends
      .flatMap((end) => indexesOf(text, end))
      .sort((a, b) => a - b)
      .find((index) => wordCount(text.slice(0, index)) >= minimum);
    if (at !== undefined && at <= LABEL_MAX) return at;
  }
  return null;
}

/** The first clause of a long text, at most LABEL_MAX characters, never cut inside a word. */
export function shorten(text: string): string {
  if (text.length <= LABEL_MAX) return text;
  const aside = withoutAside(text);
  if (aside.length <= LABEL_MAX) return aside;
  const clause = clauseEnd(text);
  if (clause !== null) {
    // "…AWS account, deployed with…": a word or two after a comma is not worth keeping.
    const comma = text.lastIndexOf(', ', clause);
    const tail = comma >= 0 ? wordCount(text.slice(comma + 2, clause)) : 0;
    const end = comma >= 0 && tail <= 2 && wordCount(text.slice(0, comma)) >= 3 ? comma : clause;
    return trimEnd(text.slice(0, end));
  }
  // Before a list: "Role-based access for receptionists, clinicians…" ends before "for".
  const comma = text.indexOf(', ');
  const window = text.slice(0, comma >= 0 ? comma : LABEL_MAX + 1);
  const soft = Math.max(...SOFT_ENDS.map((end) => window.lastIndexOf(end)));
  if (soft >= 0 && wordCount(text.slice(0, soft)) >= 2) return trimEnd(text.slice(0, soft));
  const space = text.slice(0, LABEL_MAX + 1).lastIndexOf(' ');
  return trimEnd(text.slice(0, space > 0 ? space : LABEL_MAX));
}

export function lineLabel(requirementText: string): string {
  const lower = requirementText.toLowerCase();
  const framing = FRAMINGS.find((opening) => lower.startsWith(opening));
  const rest = framing ? requirementText.slice(framing.length).trim() : requirementText;
  return shorten(capitalise(rest.length >= 3 ? rest : requirementText));
}
