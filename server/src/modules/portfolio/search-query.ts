import { sql, type SQL } from 'drizzle-orm';

/**
 * A portfolio search query as Postgres full-text search reads it: plain words are OR-ed (the
 * last also as a prefix); quotes, `OR` or `-word` switch to websearch syntax.
 */

const MAX_QUERY_WORDS = 24;

export type ParsedQuery = {
  /** The tsquery expression, or null when no searchable word is left. */
  tsquery: SQL | null;
  /** The distinct words of the query, for "matched terms". */
  words: string[];
  /** Each word with the tsquery that finds it (the last one also as a prefix). */
  terms: Array<{ word: string; query: SQL }>;
};

/** Words are letters and digits (with inner . + # -, e.g. node.js, c++, c#); nothing else is kept. */
const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}+#]|[.\-_](?=[\p{L}\p{N}]))*[+#]*/gu;

export function parseQuery(query: string): ParsedQuery {
  const words: string[] = [];
  const seen = new Set<string>();
  for (const match of query.matchAll(WORD)) {
    const word = match[0];
    const key = word.toLowerCase();
    if (key === 'or' || seen.has(key)) continue;
    seen.add(key);
    words.push(word);
    if (words.length >= MAX_QUERY_WORDS) break;
  }
  if (words.length === 0) return { tsquery: null, words, terms: [] };
  const terms = words.map((word, index) => {
    const prefix =
      index === words.length - 1 && /^[\p{L}\p{N}]{3,}$/u.test(word) && !/\s$/.test(query);
    // A prefix term is built from letters and digits only, so to_tsquery cannot see an operator.
    return prefix
      ? sql`(plainto_tsquery('english'::regconfig, ${word}) || to_tsquery('english'::regconfig, ${`${word}:*`}))`
      : sql`plainto_tsquery('english'::regconfig, ${word})`;
  });
  const termList = words.map((word, index) => ({ word, query: terms[index]! }));
  const advanced = /"|(^|\s)-\S|\sOR\s/.test(query);
  if (advanced) {
    return {
      tsquery: sql`websearch_to_tsquery('english'::regconfig, ${query})`,
      words,
      terms: termList,
    };
  }
  return { tsquery: sql`(${sql.join(terms, sql` || `)})`, words, terms: termList };
}
