/**
 * A priced line's label from a requirement's words: the client's framing ("We want", "We need",
 * "The vendor shall") is dropped so the line names the work, the first letter is a capital, and
 * the label is cut at a word to at most LABEL_MAX characters.
 */

const LABEL_MAX = 120;

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
];

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A label of at most LABEL_MAX characters, cut at a word. */
export function shorten(text: string): string {
  if (text.length <= LABEL_MAX) return text;
  const cut = text.slice(0, LABEL_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > 40 ? cut.slice(0, space) : cut}…`;
}

export function lineLabel(requirementText: string): string {
  const lower = requirementText.toLowerCase();
  const framing = FRAMINGS.find((opening) => lower.startsWith(opening));
  const rest = framing ? requirementText.slice(framing.length).trim() : requirementText;
  return shorten(capitalise(rest.length >= 3 ? rest : requirementText));
}
