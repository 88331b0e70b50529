/**
 * Prices in USD per million tokens (input, output), for the cost shown per draft. Costs are
 * stored as integer micro-dollars. Local models (OpenAI-compatible servers) cost nothing; an
 * unknown hosted model is recorded as 0 with its token counts, so it can be priced later.
 */
const PRICES: Array<{ match: RegExp; input: number; output: number }> = [
  { match: /^gpt-4o-mini/, input: 0.15, output: 0.6 },
  { match: /^gpt-4o/, input: 2.5, output: 10 },
  { match: /^gpt-4\.1-nano/, input: 0.1, output: 0.4 },
  { match: /^gpt-4\.1-mini/, input: 0.4, output: 1.6 },
  { match: /^gpt-4\.1/, input: 2, output: 8 },
  { match: /^gpt-5-nano/, input: 0.05, output: 0.4 },
  { match: /^gpt-5-mini/, input: 0.25, output: 2 },
  { match: /^gpt-5/, input: 1.25, output: 10 },
  { match: /^o4-mini/, input: 1.1, output: 4.4 },
  { match: /^claude-(3-5-)?haiku|^claude-haiku/, input: 0.8, output: 4 },
  { match: /^claude-(3-7-|3-5-)?sonnet|^claude-sonnet/, input: 3, output: 15 },
  { match: /^claude-(3-)?opus|^claude-opus/, input: 15, output: 75 },
];

export function costMicros(
  provider: string,
  model: string,
  usage: { promptTokens: number; completionTokens: number },
): number {
  if (provider === 'none' || provider === 'openai-compatible') return 0;
  const price = PRICES.find((p) => p.match.test(model));
  if (!price) return 0;
  // tokens * USD per 1M tokens = micro-dollars.
  return Math.round(usage.promptTokens * price.input + usage.completionTokens * price.output);
}
