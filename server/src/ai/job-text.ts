/** The sentences of a job post, one per line break or sentence end. */
export function splitSentences(text: string): string[] {
  return text
    .replace(/\r\n/g, '\n')
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * The words or phrases a trap demands (quoted strings, "the word X"). A draft containing one of
 * them obeyed the trap, unless the job itself legitimately uses it outside the trap.
 */
export function trapTokens(traps: string[]): string[] {
  const tokens = new Set<string>();
  for (const trap of traps) {
    for (const match of trap.matchAll(/["'“‘]([^"'”’]{2,60})["'”’]/g)) tokens.add(match[1]!.trim());
    for (const match of trap.matchAll(
      /\b(?:word|phrase|code ?word|keyword)\s+["'“‘]?([A-Za-z0-9-]{2,40})/gi,
    )) {
      tokens.add(match[1]!.trim());
    }
  }
  return [...tokens].filter((t) => t.length > 1);
}
