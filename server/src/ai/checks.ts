import { COVER_LETTER_LIMIT, type CheckResult } from '#contract/responses';

import { screeningCheck, specificCheck } from './answer-checks.ts';
import { clientAsksCheck, endsWithValue } from './client-asks-check.ts';
import {
  bodyOf,
  fitToLimit,
  insertBeforeSignature,
  normalise,
  removeSentences,
} from './draft-edits.ts';
import { splitSentences } from './job-text.ts';
import { offPlatformCheck, trapCheck } from './trap-check.ts';
import type { AgentJob, AgentProfile } from './types.ts';

export { significantWords } from './text-words.ts';
export { isAnswered } from './answer-checks.ts';

export type CheckInput = {
  job: AgentJob;
  profile: AgentProfile;
  /** Text the draft may draw facts from: profile, portfolio items the agent saw, the job. */
  factSources: string[];
  /** Links the draft may contain: the freelancer's portfolio and profile links. */
  allowedLinks: string[];
  /** Writes an answer to a screening question (or a client's ask) the draft missed. */
  answerQuestion: (question: string) => string;
  /** A closing question for the client, about this job. */
  closingQuestion: string;
  /** A sentence about the client's need, added to a draft that says nothing particular. */
  specificLine: string;
  /** A draft written without a model, for when a model's draft cannot be repaired. */
  fallbackDraft?: () => string;
  limit?: number;
};

export type CheckOutcome = { text: string; checks: CheckResult[] };

/**
 * The agent's self-check, done by code so it is exact: each rule is tested on the draft, and
 * where it fails the draft is repaired (what a trap asked for, off-platform contact and unbacked
 * claims removed; a missing answer, closing question or client ask added; the length cut to the
 * limit). Order matters: the client's asks come after the content, the length last.
 */
export function checkAndFix(draft: string, input: CheckInput): CheckOutcome {
  const limit = input.limit ?? COVER_LETTER_LIMIT;
  const checks: CheckResult[] = [];
  let text = normalise(draft);
  const step = (edited: { text: string; check: CheckResult }) => {
    text = normalise(edited.text);
    checks.push(edited.check);
  };

  step(trapCheck(text, input));
  step(offPlatformCheck(text, input));
  step(claimsCheck(text, input.factSources));
  step(specificCheck(text, input.job, input.specificLine));
  step(screeningCheck(text, input.job, input.answerQuestion));
  // Lines that only repeat an "end with" ask come off here; the asks check puts one back last.
  const endedAsAsked = input.job.clientAsks.filter(
    (ask) => ask.kind === 'end_with' && endsWithValue(text, ask.value),
  );
  text = withoutEndingLines(text, input.job.clientAsks);
  step(closingQuestionCheck(text, input.job.screeningQuestions, input.closingQuestion));
  step(clientAsksCheck(text, input.job.clientAsks, input.answerQuestion, endedAsAsked));
  step(lengthCheck(text, limit));
  return { text, checks };
}

/** The text without standalone lines that are one of the "end with" asks. */
function withoutEndingLines(text: string, asks: AgentJob['clientAsks']): string {
  const endings = new Set(asks.filter((a) => a.kind === 'end_with').map((a) => bareLine(a.value)));
  if (endings.size === 0) return text;
  return normalise(
    text
      .split('\n')
      .filter((line) => !endings.has(bareLine(line)))
      .join('\n'),
  );
}

function bareLine(line: string): string {
  return line
    .trim()
    .toLowerCase()
    .replace(/(?<![.!,])[.!,]+$/, '');
}

type NumericClaim = { raw: string; digits: string };

/** Figures that would be a claim: percentages, money, "N+", "N years", "Nx" and numbers ≥ 20. */
export function numericClaims(text: string): NumericClaim[] {
  const claims: NumericClaim[] = [];
  const re =
    /(\$\s?)?(\d[\d,]*(?:\.\d+)?)\s*(%|\+|x\b|k\b|m\b|years?|yrs|clients|projects|apps|users|customers|reviews|stars?)?/gi;
  for (const match of text.matchAll(re)) {
    const [raw, dollar, number, unit] = match;
    const digits = (number ?? '').replace(/,/g, '');
    const value = Number.parseFloat(digits);
    const isClaim = Boolean(dollar) || Boolean(unit) || value >= 20;
    // Years like 2024 and list numbering are not claims.
    if (!isClaim || (value >= 1990 && value <= 2100 && !unit && !dollar)) continue;
    claims.push({ raw: raw.trim(), digits });
  }
  return claims;
}

/** Every figure must come from the profile, the portfolio or the job. */
export function claimsCheck(draft: string, factSources: string[]) {
  const sources = factSources
    .join('\n')
    .toLowerCase()
    .replace(/(\d),(?=\d)/g, '$1');
  const unbacked = numericClaims(draft).filter((claim) => !sources.includes(claim.digits));
  let text = draft;
  if (unbacked.length > 0) {
    const bad = new Set(unbacked.map((c) => c.raw));
    text = removeSentences(text, (s) => numericClaims(s).some((c) => bad.has(c.raw)));
  }
  return {
    text,
    check: {
      id: 'claims',
      label: 'Claims are backed by the profile or portfolio',
      passed: unbacked.length === 0,
      fixed: unbacked.length > 0,
      detail:
        unbacked.length > 0
          ? `Removed ${unbacked.length} figure(s) the profile and portfolio do not back: ${unbacked.map((c) => c.raw).join(', ')}.`
          : 'Every figure appears in the profile, the portfolio or the job.',
    },
  } satisfies { text: string; check: CheckResult };
}

function hasClosingQuestion(text: string, screeningQuestions: string[]): boolean {
  const restated = new Set(screeningQuestions.map((q) => q.trim().toLowerCase()));
  const last = splitSentences(bodyOf(text)).slice(-2);
  return last.some((s) => s.endsWith('?') && !restated.has(s.toLowerCase()));
}

function closingQuestionCheck(text: string, screeningQuestions: string[], question: string) {
  const endsWithQuestion = hasClosingQuestion(text, screeningQuestions);
  return {
    text: endsWithQuestion ? text : insertBeforeSignature(text, question),
    check: {
      id: 'question',
      label: 'Ends with a question for the client',
      passed: endsWithQuestion,
      fixed: !endsWithQuestion,
      detail: endsWithQuestion
        ? 'The closing asks the client a question.'
        : 'Added a closing question.',
    },
  } satisfies { text: string; check: CheckResult };
}

/** Within Upwork's cover-letter limit. */
function lengthCheck(text: string, limit: number) {
  const before = text.length;
  const fitted = before > limit ? fitToLimit(text, limit) : text;
  return {
    text: fitted,
    check: {
      id: 'length',
      label: `Within ${limit.toLocaleString('en-US')} characters`,
      passed: before <= limit,
      fixed: before > limit,
      detail:
        before <= limit
          ? `${fitted.length} characters.`
          : `Cut from ${before} to ${fitted.length} characters.`,
    },
  } satisfies { text: string; check: CheckResult };
}
