import type { FastifyInstance } from 'fastify';

import type { GenerateQuoteBody, QuoteGenerationEvent } from '#contract/quotes-api';

/** Parses a text/event-stream body into the quote generation events, checking each name. */
export function parseQuoteEvents(payload: string): QuoteGenerationEvent[] {
  return payload
    .split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const lines = block.split('\n');
      const type = (lines.find((line) => line.startsWith('event: ')) ?? '').slice(7);
      const data = (lines.find((line) => line.startsWith('data: ')) ?? 'data: {}').slice(6);
      return { type, data: JSON.parse(data) as unknown } as QuoteGenerationEvent;
    });
}

export function stepEvents(events: readonly QuoteGenerationEvent[]) {
  return events.flatMap((event) => (event.type === 'step' ? [event.data] : []));
}

export function quoteEvent(events: readonly QuoteGenerationEvent[]) {
  const found = events.find((event) => event.type === 'quote');
  return found?.type === 'quote' ? found.data : null;
}

export async function generateQuote(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: GenerateQuoteBody,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/quotes/generate',
    headers,
    payload: body,
  });
  return { res, events: res.statusCode === 200 ? parseQuoteEvents(res.body) : [] };
}
