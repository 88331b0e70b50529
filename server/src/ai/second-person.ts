/**
 * A client's words turned to the reader's side ("our store" -> "your store"), and the small
 * text helpers the offline writer uses to fit a clause into its own sentences.
 */

/** Pronouns of the client turned to the reader's side: "our store" -> "your store". */
const PRONOUNS: Record<string, string> = {
  we: 'you',
  our: 'your',
  ours: 'yours',
  us: 'you',
  "we're": "you're",
  "we've": "you've",
  "we'll": "you'll",
  "we'd": "you'd",
  i: 'you',
  my: 'your',
  me: 'you',
  mine: 'yours',
  "i'm": "you're",
  "i've": "you've",
  "i'll": "you'll",
  "i'd": "you'd",
  myself: 'yourself',
  ourselves: 'yourselves',
};

/** "we was"-style agreement after the swap: "you am" / "you was" / "you has". */
const AGREEMENT: Record<string, string> = { am: 'are', was: 'were', has: 'have', is: 'are' };

/** The text with the client's first-person words in the second person. */
export function toSecondPerson(text: string): string {
  const words = text.split(' ');
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const match = /^([("“]?)([A-Za-z']+)([^A-Za-z']*)$/.exec(word);
    const core = match?.[2] ?? '';
    // "US" (the country) and "I" inside an abbreviation stay as they are.
    const swap = core === 'US' ? undefined : PRONOUNS[core.toLowerCase()];
    if (!match || swap === undefined) {
      const previous = out[out.length - 1]?.toLowerCase() ?? '';
      const agreed = previous === 'you' ? AGREEMENT[word] : undefined;
      out.push(agreed ?? word);
      continue;
    }
    const cased = core[0] === core[0]!.toUpperCase() && i === 0 ? capitalise(swap) : swap;
    out.push(`${match[1]}${cased}${match[3]}`);
  }
  return out.join(' ');
}

/** The text without any of these characters at its end (a loop: linear on any input). */
export function trimEnd(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function lowerFirst(text: string): string {
  // "React ..." and "API ..." keep their capital; "We need ..." does not.
  const first = text.split(' ')[0] ?? '';
  if (first.length > 1 && first.slice(1) !== first.slice(1).toLowerCase()) return text;
  if (first === 'I') return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}
