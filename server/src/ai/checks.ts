import { COVER_LETTER_LIMIT, type CheckResult } from '#contract/responses';

import { splitSentences, trapTokens } from './job-text.ts';
import type { AgentJob } from './types.ts';

const STOPWORDS = new Set(
  'a an and are as at be been by can could do does for from have how i if in into is it its me my of on or our please that the their them there this to us we what when where which who why will with would you your yours about any also'.split(
    ' ',
  ),
);

export function significantWords(text: string): string[] {
  return (
    (text.toLowerCase().match(/[a-z0-9+#.]+/g) ?? [])
      // The lookbehind starts the match only where the last run of dots starts (linear).
      .map((w) => w.replace(/(?<!\.)\.+$/, ''))
      .filter((w) => w.length > 2 && !STOPWORDS.has(w))
  );
}

export type CheckInput = {
  job: AgentJob;
  /** Text the draft may draw facts from: profile, portfolio items the agent saw, the job. */
  factSources: string[];
  /** Writes an answer to a screening question the draft missed. */
  answerQuestion: (question: string) => string;
  /** A closing question for the client, about this job. */
  closingQuestion: string;
  limit?: number;
};

export type CheckOutcome = { text: string; checks: CheckResult[] };

/**
 * The agent's self-check, done by code so it is exact: each rule is tested on the draft, and
 * where it fails the draft is repaired (trap text and unbacked claims removed, a missing answer or
 * closing question added, the length cut to the limit). Order matters: length comes last.
 */
export function checkAndFix(draft: string, input: CheckInput): CheckOutcome {
  const limit = input.limit ?? COVER_LETTER_LIMIT;
  let text = normalise(draft);
  const checks: CheckResult[] = [];

  // 1. Prompt traps: nothing the trap asked for may appear.
  const tokens = trapTokens(input.job.promptTraps).filter(
    (token) =>
      !stripTraps(input.job.description, input.job.promptTraps)
        .toLowerCase()
        .includes(token.toLowerCase()),
  );
  const obeyed = tokens.filter((t) => text.toLowerCase().includes(t.toLowerCase()));
  if (obeyed.length > 0)
    text = removeSentences(text, (s) =>
      obeyed.some((t) => s.toLowerCase().includes(t.toLowerCase())),
    );
  checks.push({
    id: 'traps',
    label: 'Ignores instructions aimed at AI writers',
    passed: obeyed.length === 0,
    fixed: obeyed.length > 0,
    detail:
      input.job.promptTraps.length === 0
        ? 'The post has no hidden instructions.'
        : obeyed.length > 0
          ? `Removed text that obeyed a hidden instruction (${obeyed.map((t) => `"${t}"`).join(', ')}).`
          : `${input.job.promptTraps.length} hidden instruction(s) in the post were not followed.`,
  });

  // 2. Claims: every figure must come from the profile, the portfolio or the job.
  const sources = input.factSources
    .join('\n')
    .toLowerCase()
    .replace(/(\d),(?=\d)/g, '$1');
  const unbacked = numericClaims(text).filter((claim) => !sources.includes(claim.digits));
  if (unbacked.length > 0) {
    const bad = new Set(unbacked.map((c) => c.raw));
    text = removeSentences(text, (s) => numericClaims(s).some((c) => bad.has(c.raw)));
  }
  checks.push({
    id: 'claims',
    label: 'Claims are backed by the profile or portfolio',
    passed: unbacked.length === 0,
    fixed: unbacked.length > 0,
    detail:
      unbacked.length > 0
        ? `Removed ${unbacked.length} figure(s) the profile and portfolio do not back: ${unbacked.map((c) => c.raw).join(', ')}.`
        : 'Every figure appears in the profile, the portfolio or the job.',
  });

  // 3. Specific to this job.
  const specific = isSpecific(text, input.job);
  if (!specific) text = `I read your post about "${input.job.title}" closely.\n\n${text}`;
  checks.push({
    id: 'specific',
    label: 'Specific to this job',
    passed: specific,
    fixed: !specific,
    detail: specific
      ? 'Mentions the job and the skills it asks for.'
      : 'Added a reference to the job title.',
  });

  // 4. Every screening question answered.
  const missing = input.job.screeningQuestions.filter((q) => !isAnswered(text, q));
  if (missing.length > 0) {
    const answers = missing.map((q) => `${q}\n${input.answerQuestion(q)}`).join('\n\n');
    text = insertBeforeClosing(text, `Answers to your questions:\n\n${answers}`);
  }
  checks.push({
    id: 'screening',
    label: 'Answers every screening question',
    passed: missing.length === 0,
    fixed: missing.length > 0,
    detail:
      input.job.screeningQuestions.length === 0
        ? 'The post has no screening questions.'
        : missing.length > 0
          ? `Added answers to ${missing.length} of ${input.job.screeningQuestions.length} question(s).`
          : `All ${input.job.screeningQuestions.length} question(s) answered.`,
  });

  // 5. Ends with a question for the client.
  const endsWithQuestion = hasClosingQuestion(text, input.job.screeningQuestions);
  if (!endsWithQuestion) text = insertBeforeSignature(text, input.closingQuestion);
  checks.push({
    id: 'question',
    label: 'Ends with a question for the client',
    passed: endsWithQuestion,
    fixed: !endsWithQuestion,
    detail: endsWithQuestion
      ? 'The closing asks the client a question.'
      : 'Added a closing question.',
  });

  // 6. Within Upwork's cover-letter limit.
  const before = text.length;
  if (text.length > limit) text = fitToLimit(text, limit);
  checks.push({
    id: 'length',
    label: `Within ${limit.toLocaleString('en-US')} characters`,
    passed: before <= limit,
    fixed: before > limit,
    detail:
      before <= limit
        ? `${text.length} characters.`
        : `Cut from ${before} to ${text.length} characters.`,
  });

  return { text, checks };
}

function normalise(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function stripTraps(description: string, traps: string[]): string {
  return traps.reduce((acc, trap) => acc.split(trap).join(' '), description);
}

type NumericClaim = { raw: string; digits: string };

/** Figures that would be a claim: percentages, money, "N+", "N years", "Nx" and numbers ≥ 20. */
export function numericClaims(text: string): NumericClaim[] {
  const claims: NumericClaim[] = [];
  const re =
    /(\$\s?)?(\d[\d,]*(?:\.\d+)?)\s*(%|\+|x\b|k\b|m\b|years?|yrs|clients|projects|apps|users|customers)?/gi;
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

function isSpecific(text: string, job: AgentJob): boolean {
  const lower = text.toLowerCase();
  const skillHit = job.skills.some(
    (skill) => skill.length > 1 && lower.includes(skill.toLowerCase()),
  );
  const titleWords = significantWords(job.title);
  const titleHits = titleWords.filter((w) => lower.includes(w)).length;
  return (
    skillHit ||
    titleHits >= Math.min(2, titleWords.length) ||
    (titleWords.length === 0 && lower.length > 0)
  );
}

export function isAnswered(text: string, question: string): boolean {
  const lower = text.toLowerCase();
  if (lower.includes(question.toLowerCase().replace(/(?<!\?)\?+$/, ''))) return true;
  const words = [...new Set(significantWords(question))];
  if (words.length === 0) return true;
  // Answered when one paragraph carries most of the question's words.
  return lower
    .split(/\n\s*\n/)
    .some((para) => words.filter((w) => para.includes(w)).length / words.length >= 0.6);
}

/** Lines at the end that are a sign-off (short, no question), e.g. "Best,\nJane Doe". */
function signatureStart(lines: string[]): number {
  let start = lines.length;
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - 4); i--) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    if (line.length <= 40 && !line.includes('?') && !/[.!]$/.test(line.replace(/,$/, '')))
      start = i;
    else break;
  }
  return start;
}

function hasClosingQuestion(text: string, screeningQuestions: string[]): boolean {
  const lines = text.split('\n');
  const body = lines.slice(0, signatureStart(lines)).join('\n').trim();
  const restated = new Set(screeningQuestions.map((q) => q.trim().toLowerCase()));
  const last = splitSentences(body).slice(-2);
  return last.some((s) => s.endsWith('?') && !restated.has(s.toLowerCase()));
}

function insertBeforeSignature(text: string, addition: string): string {
  const lines = text.split('\n');
  const start = signatureStart(lines);
  const body = lines.slice(0, start).join('\n').trimEnd();
  const signature = lines.slice(start).join('\n').trim();
  return signature ? `${body}\n\n${addition}\n\n${signature}` : `${body}\n\n${addition}`;
}

/** Before the closing question and sign-off, so the draft still ends with the question. */
function insertBeforeClosing(text: string, addition: string): string {
  const paragraphs = text.split(/\n\s*\n/);
  const lines = text.split('\n');
  const hasSignature = signatureStart(lines) < lines.length;
  let keep = 0;
  if (hasSignature) keep++;
  const lastBody = paragraphs[paragraphs.length - 1 - keep];
  if (lastBody && lastBody.trim().endsWith('?')) keep++;
  if (keep === 0 || paragraphs.length <= keep) return `${text}\n\n${addition}`;
  const head = paragraphs.slice(0, paragraphs.length - keep).join('\n\n');
  const tail = paragraphs.slice(paragraphs.length - keep).join('\n\n');
  return `${head}\n\n${addition}\n\n${tail}`;
}

function removeSentences(text: string, drop: (sentence: string) => boolean): string {
  return normalise(
    text
      .split(/\n\s*\n/)
      .map((para) =>
        para
          .split('\n')
          .map((line) => {
            const sentences = line.split(/(?<=[.!?])\s+/);
            return sentences.filter((s) => !drop(s)).join(' ');
          })
          .filter((line, i, all) => line.trim() !== '' || all.length === 1)
          .join('\n'),
      )
      .filter((para) => para.trim() !== '')
      .join('\n\n'),
  );
}

/** Drops sentences from the middle of the draft (keeping the opening, question and sign-off). */
function fitToLimit(text: string, limit: number): string {
  const paragraphs = text.split(/\n\s*\n/);
  if (paragraphs.length >= 3) {
    const head = paragraphs[0]!;
    const tail = paragraphs.slice(-2);
    const middle = paragraphs.slice(1, -2);
    // Trim the longest paragraph first: answers and proof are short, padding is long.
    while (middle.length > 0 && [head, ...middle, ...tail].join('\n\n').length > limit) {
      const index = middle.reduce(
        (best, para, i) => (para.length > middle[best]!.length ? i : best),
        0,
      );
      const sentences = middle[index]!.split(/(?<=[.!?])\s+/);
      if (sentences.length > 1) middle[index] = sentences.slice(0, -1).join(' ');
      else middle.splice(index, 1);
    }
    const joined = [head, ...middle, ...tail].join('\n\n');
    if (joined.length <= limit) return joined;
  }
  // A single huge paragraph: keep the end (the question) and cut the beginning at a word boundary.
  const ending = splitSentences(text).slice(-1)[0] ?? '';
  const room = limit - ending.length - 2;
  const cut = text.slice(0, Math.max(0, room));
  const trimmed = cut.slice(0, Math.max(0, cut.lastIndexOf(' ')));
  return `${trimmed}\n\n${ending}`.slice(0, limit);
}
