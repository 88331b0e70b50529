import type { ClientAsk } from '#contract/jobs';
import type { CheckResult } from '#contract/responses';

import { isGreeting } from './draft-edits.ts';
import { significantWords } from './text-words.ts';

/*
 * The client's own read-check instructions, followed: the draft starts with the word they asked
 * for, includes it, ends with it, or opens with the answer they asked for. Checked on every draft
 * (a model may have done it already) and done by code where it was not.
 */

type Edited = { text: string; check: CheckResult };

const LEADING_NOISE = /^[\s"'“‘*_#>\-–—]+/;

/** How the value is written at the top: a lone lower-case word gets a capital, as a person would. */
function asWritten(value: string): string {
  return /^\p{Ll}[\p{L}\p{N}-]*$/u.test(value)
    ? value.charAt(0).toUpperCase() + value.slice(1)
    : value;
}

export function startsWithValue(text: string, value: string): boolean {
  return text.replace(LEADING_NOISE, '').toLowerCase().startsWith(value.toLowerCase());
}

export function endsWithValue(text: string, value: string): boolean {
  return text
    .trimEnd()
    .replace(/(?<![\s.!?"'”’*_)])[\s.!?"'”’*_)]+$/, '')
    .toLowerCase()
    .endsWith(value.toLowerCase().replace(/(?<![.!?])[.!?]+$/, ''));
}

function answersAtTop(text: string, ask: ClientAsk): boolean {
  const paragraphs = text.split(/\n\s*\n/);
  const first = paragraphs.find((p) => !isGreeting(p)) ?? '';
  const asked = new Set(significantWords(ask.value).map((w) => w.slice(0, 5)));
  return significantWords(first).some((w) => asked.has(w.slice(0, 5))) || first.includes('[Add:');
}

function followed(text: string, ask: ClientAsk): boolean {
  switch (ask.kind) {
    case 'start_with':
      return startsWithValue(text, ask.value);
    case 'end_with':
      return endsWithValue(text, ask.value);
    case 'include':
      return text.toLowerCase().includes(ask.value.toLowerCase());
    case 'answer':
      return answersAtTop(text, ask);
  }
}

function follow(text: string, ask: ClientAsk, answer: (question: string) => string): string {
  switch (ask.kind) {
    case 'start_with':
      return `${asWritten(ask.value)}\n\n${text}`;
    case 'end_with':
      return `${text.trimEnd()}\n\n${ask.value}`;
    case 'include': {
      const line = `${asWritten(ask.value)}, as you asked.`;
      const paragraphs = text.split(/\n\s*\n/);
      const at = paragraphs.length > 0 && isGreeting(paragraphs[0]!) ? 1 : 0;
      paragraphs.splice(at, 0, line);
      return paragraphs.join('\n\n');
    }
    case 'answer': {
      const paragraphs = text.split(/\n\s*\n/);
      const at = paragraphs.length > 0 && isGreeting(paragraphs[0]!) ? 1 : 0;
      paragraphs.splice(at, 0, answer(ask.value));
      return paragraphs.join('\n\n');
    }
  }
}

/**
 * Applies the asks in an order that keeps each true: answers and includes first, then the end,
 * then the start (which must be the very first words).
 */
export function clientAsksCheck(
  draft: string,
  asks: readonly ClientAsk[],
  answer: (question: string) => string,
  /** Asks the draft followed before its ending lines were set aside: put back, not fixed. */
  followedBefore: readonly ClientAsk[] = [],
): Edited {
  const order: ClientAsk['kind'][] = ['answer', 'include', 'end_with', 'start_with'];
  const sorted = [...asks].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  let text = draft;
  const done: string[] = [];
  for (const ask of sorted) {
    if (followed(text, ask)) continue;
    text = follow(text, ask, answer);
    if (!followedBefore.includes(ask)) done.push(ask.label);
  }
  return {
    text,
    check: {
      id: 'asks',
      label: "Follows the client's own instructions",
      passed: done.length === 0,
      fixed: done.length > 0,
      detail:
        asks.length === 0
          ? 'The client asked for nothing in particular.'
          : done.length > 0
            ? `Done as the client asked: ${done.join('; ')}.`
            : `Already does what the client asked (${asks.map((a) => a.label).join('; ')}).`,
    },
  };
}
