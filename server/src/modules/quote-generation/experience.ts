import type { QuoteDocument } from '#contract/quotes';

/**
 * Related portfolio work: the words to look for it with, and the line that cites it in the
 * quote's understanding as experience.
 */

const KEYWORDS_MAX = 12;
const COMMON_WORDS = new Set([
  'about',
  'after',
  'also',
  'able',
  'allow',
  'allows',
  'been',
  'before',
  'being',
  'both',
  'each',
  'from',
  'have',
  'into',
  'just',
  'like',
  'make',
  'more',
  'most',
  'must',
  'need',
  'needs',
  'only',
  'other',
  'over',
  'should',
  'some',
  'such',
  'than',
  'that',
  'their',
  'them',
  'then',
  'there',
  'these',
  'they',
  'this',
  'those',
  'through',
  'using',
  'very',
  'want',
  'well',
  'were',
  'what',
  'when',
  'where',
  'which',
  'while',
  'will',
  'with',
  'within',
  'would',
  'your',
  'ours',
  'shall',
  'include',
  'including',
  'includes',
  'provide',
  'support',
  'project',
  'work',
  'current',
  'existing',
  'new',
  'every',
  'used',
  'users',
  'user',
  'team',
  'client',
  'clients',
  'page',
  'pages',
]);

/** The most frequent meaningful words of the requirements (or the RFP when none were found). */
export function portfolioKeywords(
  rfpText: string,
  requirements: ReadonlyArray<{ text: string }>,
): string {
  const source =
    requirements.length > 0
      ? requirements.map((requirement) => requirement.text).join(' ')
      : rfpText.slice(0, 5_000);
  const counts = new Map<string, number>();
  for (const match of source.toLowerCase().matchAll(/[a-z][a-z0-9]{3,30}/g)) {
    const word = match[0];
    if (COMMON_WORDS.has(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, KEYWORDS_MAX)
    .map(([word]) => word)
    .join(' ');
}

/** The understanding with a line citing the related items it does not name yet. */
export function withExperience(document: QuoteDocument, titles: readonly string[]): QuoteDocument {
  const written = `${document.summary}\n${document.understanding}`.toLowerCase();
  const missing = titles.filter((title) => !written.includes(title.toLowerCase()));
  if (missing.length === 0) return document;
  const list = missing.map((title) => `**${title}**`);
  const names = list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
  const line = `Related experience from my portfolio: ${names}.`;
  const understanding = document.understanding.trim()
    ? `${document.understanding}\n\n${line}`
    : line;
  return { ...document, understanding: understanding.slice(0, 20_000) };
}
