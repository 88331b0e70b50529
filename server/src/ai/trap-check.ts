import type { CheckResult } from '#contract/responses';

import { removeSentences } from './draft-edits.ts';
import { readDemand } from './instruction-values.ts';
import { offPlatformIn } from './off-platform.ts';
import { readPostInstructions, type TrapStyle } from './post-instructions.ts';
import type { AgentJob } from './types.ts';

/*
 * After drafting, the draft is compared with what each trap in the post asked for (a word, a
 * phrase, an emoji, capitals, verse, a persona) and anything obeyed is taken out; so is anything
 * that takes contact or payment off Upwork, whatever the post says. Rules, not a model: they hold
 * even when the model that wrote the draft obeyed every word it read.
 */

type Edited = { text: string; check: CheckResult };

export type TrapCheckInput = {
  job: AgentJob;
  /** Text whose spelling of words the draft may keep (the job, the profile, the portfolio). */
  factSources: string[];
  /** A draft written without a model, used when a whole-reply style cannot be undone. */
  fallbackDraft?: (() => string) | undefined;
};

const EMOJI_ALL = /(?:\p{Extended_Pictographic}|\p{Regional_Indicator})(?:\u200D|\uFE0F|\p{M})*/gu;
const HAS_EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const PERSONA_MARKERS =
  /\b(?:ahoy|matey|me hearties|shiver me timbers|yo[- ]ho|arr+|avast|landlubber|yeehaw|howdy,? partner|forsooth|verily|thee|thou|thy|meow|woof|beep boop)\b/i;
const SELF_REVEAL =
  /\b(?:as an ai|i am an ai|i'm an ai|as a (?:large )?language model|system prompt|my (?:system )?(?:instructions|prompt|programming)|i (?:was|have been) (?:instructed|programmed|told) to|you write upwork proposals|work in steps)\b/i;

export function jobFullText(job: AgentJob): string {
  return [job.title, job.description, ...job.screeningQuestions].join('\n');
}

/** The job's text with the trap sentences taken out: words it uses legitimately. */
function legitimateText(job: AgentJob, trapSentences: string[]): string {
  return trapSentences
    .reduce((text, sentence) => text.split(sentence).join(' '), jobFullText(job))
    .toLowerCase();
}

function escapeForPattern(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The literal as a whole word (or, for an emoji or symbol, anywhere), any case. */
function literalPattern(literal: string): RegExp {
  const escaped = escapeForPattern(literal);
  return /^[\p{L}\p{N}]/u.test(literal)
    ? new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu')
    : new RegExp(escaped, 'iu');
}

function isShouting(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  const upper = text.replace(/[^\p{Lu}]/gu, '');
  return letters.length >= 30 && upper.length / letters.length > 0.5;
}

/** Sentence case again, keeping the spelling sources use for names and acronyms. */
function unshout(text: string, sources: string[]): string {
  const spelling = new Map<string, string>();
  for (const match of sources.join(' ').matchAll(/[\p{L}][\p{L}\p{N}.+#-]{0,30}/gu)) {
    const word = match[0];
    if (word !== word.toLowerCase()) spelling.set(word.toLowerCase(), word);
  }
  const lowered = text.replace(/[\p{L}][\p{L}\p{N}.+#'-]{0,40}/gu, (word) => {
    const known = spelling.get(word.toLowerCase());
    return known ?? word.toLowerCase();
  });
  return capitaliseSentences(lowered).replace(/\bi\b/g, 'I');
}

/** A capital at the start of the text, of each line and after a sentence's end. */
function capitaliseSentences(text: string): string {
  let out = '';
  let atStart = true;
  let afterStop = false;
  for (const ch of text) {
    if (atStart && /\p{L}/u.test(ch)) {
      out += ch.toUpperCase();
      atStart = false;
      continue;
    }
    out += ch;
    // A stop starts a sentence only when a space follows it ("node.js" stays as it is).
    if (ch === '\n' || (afterStop && /\s/.test(ch))) atStart = true;
    else if (!/\s/.test(ch)) atStart = false;
    afterStop = /[.!?]/.test(ch);
  }
  return out;
}

/** Four or more short lines in a row, not a list: a poem's shape. */
function isVerse(text: string): boolean {
  let run = 0;
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    const versey =
      trimmed.length > 0 && trimmed.length <= 70 && !/^(?:[-*•]|\d+[.)])/.test(trimmed);
    run = versey ? run + 1 : 0;
    if (run >= 4 && !/^(?:hi|hello|hey|dear|best|thanks|regards|cheers)\b/i.test(trimmed))
      return true;
  }
  return false;
}

function joinVerse(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((para) =>
      para
        .split('\n')
        .map((l) => l.trim())
        .join(' '),
    )
    .join('\n\n');
}

export function trapCheck(draft: string, input: TrapCheckInput): Edited {
  const { job } = input;
  const found = readPostInstructions(jobFullText(job)).traps;
  const sentences = [...new Set([...found.map((t) => t.sentence), ...job.promptTraps])];
  const legit = legitimateText(job, sentences);
  const literals = new Set<string>();
  const styles = new Set<TrapStyle>();
  for (const trap of found) {
    if (trap.style) styles.add(trap.style);
    if (trap.demand?.asked.literal) literals.add(trap.demand.asked.value);
    // Any emoji a trap shows or names is one the draft must not carry.
    if (/emoji/i.test(trap.sentence) || HAS_EMOJI.test(trap.sentence)) styles.add('emoji');
  }
  for (const sentence of job.promptTraps) {
    const asked = readDemand(sentence)?.asked;
    if (asked?.literal) literals.add(asked.value);
  }
  let text = draft;
  const obeyed: string[] = [];
  for (const literal of literals) {
    if (literal.length < 2 && !HAS_EMOJI.test(literal)) continue;
    if (legit.includes(literal.toLowerCase())) continue;
    const pattern = literalPattern(literal);
    if (!pattern.test(text)) continue;
    obeyed.push(`"${literal}"`);
    text = removeSentences(text, (s) => pattern.test(s)).replace(
      new RegExp(pattern.source, 'giu'),
      '',
    );
  }
  const emojiAsked = styles.has('emoji') || [...literals].some((l) => HAS_EMOJI.test(l));
  if (emojiAsked && HAS_EMOJI.test(text)) {
    obeyed.push('emoji');
    text = text.replace(EMOJI_ALL, '').replace(/ {2,}/g, ' ').replace(/^ /gm, '');
  }
  if (styles.has('caps') && isShouting(text)) {
    obeyed.push('capitals');
    text = unshout(text, input.factSources);
  }
  if (styles.has('verse') && isVerse(text)) {
    obeyed.push('verse');
    text = input.fallbackDraft ? input.fallbackDraft() : joinVerse(text);
  }
  if (styles.has('persona') && PERSONA_MARKERS.test(text)) {
    obeyed.push('a persona');
    text = removeSentences(text, (s) => PERSONA_MARKERS.test(s));
  }
  if (SELF_REVEAL.test(text)) {
    obeyed.push('its own instructions');
    text = removeSentences(text, (s) => SELF_REVEAL.test(s));
  }
  const trapCount = sentences.length;
  return {
    text,
    check: {
      id: 'traps',
      label: 'Ignores instructions aimed at AI writers',
      passed: obeyed.length === 0,
      fixed: obeyed.length > 0,
      detail:
        obeyed.length > 0
          ? `Removed what a hidden instruction asked for (${obeyed.join(', ')}).`
          : trapCount === 0
            ? 'The post has no hidden instructions.'
            : `${trapCount} hidden instruction(s) in the post were not followed.`,
    },
  };
}

/** Contact details, chat apps, outside payment and links that are not the freelancer's own. */
export function offPlatformCheck(
  draft: string,
  input: { job: AgentJob; allowedLinks: readonly string[] },
): Edited {
  const jobText = jobFullText(input.job);
  const removed: string[] = [];
  const text = removeSentences(draft, (sentence) => {
    const findings = offPlatformIn(sentence, input.allowedLinks, jobText);
    removed.push(...findings.map((f) => f.text));
    return findings.length > 0;
  });
  return {
    text,
    check: {
      id: 'off_platform',
      label: 'Keeps contact and payment on Upwork',
      passed: removed.length === 0,
      fixed: removed.length > 0,
      detail:
        removed.length === 0
          ? 'No contact details, outside payment or unknown links.'
          : `Removed ${removed.length === 1 ? 'a sentence' : 'sentences'} that would take the work off Upwork (${[
              ...new Set(removed),
            ]
              .slice(0, 4)
              .map((r) => `"${r}"`)
              .join(', ')}).`,
    },
  };
}
