/**
 * The search box speaks the boolean words a freelancer already types on Upwork:
 * `react AND (node OR deno) NOT angular "design system" -wordpress`. Postgres'
 * websearch_to_tsquery understands quotes, `or` and `-`, but reads AND and NOT as ordinary
 * (stop) words, so `NOT angular` would *search for* angular. This maps our syntax onto its syntax.
 * Parentheses are dropped (websearch has no grouping); AND binds tighter than OR, as in Upwork.
 */
export function toWebsearchQuery(input: string): string | null {
  const tokens = input.match(/-?"[^"]*"?|[()]|[^\s()]+/g) ?? [];
  const out: string[] = [];
  let negateNext = false;
  for (const raw of tokens) {
    if (raw === '(' || raw === ')') continue;
    const upper = raw.toUpperCase();
    if (upper === 'AND' || raw === '&&' || raw === '+') continue;
    if (upper === 'OR' || raw === '||' || raw === '|') {
      if (out.length > 0 && out[out.length - 1] !== 'or') out.push('or');
      negateNext = false;
      continue;
    }
    if (upper === 'NOT' || raw === '!') {
      negateNext = true;
      continue;
    }
    let term = raw;
    let negate = negateNext;
    negateNext = false;
    if (term.startsWith('-')) {
      negate = true;
      term = term.slice(1);
    }
    if (term.startsWith('"')) {
      const phrase = term.replace(/^"|"$/g, '').replace(/["\\]/g, ' ').trim();
      if (!phrase) continue;
      term = `"${phrase}"`;
    } else {
      // Keep word characters and the symbols skills use (c++, c#, node.js); drop the rest.
      // The lookbehind starts the trailing match only where the last run of dots starts.
      term = term.replace(/[^\p{L}\p{N}+#._-]/gu, '').replace(/^[._-]+|(?<![._-])[._-]+$/g, '');
      if (!term) continue;
    }
    out.push(negate ? `-${term}` : term);
  }
  while (out[0] === 'or') out.shift();
  while (out[out.length - 1] === 'or') out.pop();
  if (out.length === 0) return null;
  return out.join(' ');
}
