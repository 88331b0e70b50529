import { formatMoney } from '#contract/money';
import { LENGTH_TARGETS, type ResponseLength, type Tone, type Variant } from '#contract/responses';

import { isSpecific } from './answer-checks.ts';
import { significantWords } from './checks.ts';
import { kindTask, postDetail, readNeed, type ClientNeed } from './client-need.ts';
import { splitSentences } from './job-text.ts';
import { answerableQuestions } from './job-view.ts';
import { capitalise } from './second-person.ts';
import { itemFact, offlineAnswer } from './question-answers.ts';
import { greetingFor, signOffFor, TONE_PHRASES, type TonePhrases } from './tone-phrases.ts';
import type { AgentJob, AgentProfile, PortfolioHit } from './types.ts';
import { firstStep, inputsNeeded, laterSteps, projectQuestions } from './work-plans.ts';

/**
 * The offline engine's own writing: a draft that opens with the client's need in the user's
 * words, says what the user would do first, points to the best matching past result, states the
 * rate, answers the screening questions from facts and closes with a question about the project.
 * Length comes from adding or dropping whole parts (more steps, more proof, more questions),
 * never from padding.
 */

export type WritingInput = {
  job: AgentJob;
  profile: AgentProfile;
  portfolio: PortfolioHit[];
  tone: Tone;
  length: ResponseLength;
  variant: Variant;
};

const DETAIL_ORDER = 12;

/** One part of the draft: its place, its text, whether it must be there, and its worth if not. */
type Part = { order: number; text: string; required: boolean; worth: number };

/**
 * Portfolio items that share something with the job (skills or need words), the closest first;
 * an item sharing nothing is not offered as proof.
 */
export function rankPortfolio(job: AgentJob, need: ClientNeed, portfolio: PortfolioHit[]) {
  const words = new Set([
    ...job.skills.map((s) => s.toLowerCase()),
    ...significantWords(`${job.title} ${need.text}`),
  ]);
  // Whole words only: "month" in a result is not a match for "months" of a post.
  const score = (item: PortfolioHit) => {
    const own = new Set([
      ...item.skills.map((s) => s.toLowerCase()),
      ...significantWords(`${item.title} ${item.description} ${item.results ?? ''}`),
    ]);
    return [...words].filter((w) => own.has(w)).length;
  };
  return portfolio
    .map((item, index) => ({ item, index, score: score(item) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.item);
}

function withArticle(title: string, skills: Set<string>): string {
  const first = title.split(' ')[0] ?? '';
  const keep = skills.has(first.toLowerCase()) || first.slice(1) !== first.slice(1).toLowerCase();
  const text = keep ? title : title.charAt(0).toLowerCase() + title.slice(1);
  return `${/^[aeiou]/i.test(text) ? 'an' : 'a'} ${text}`;
}

function opening(p: TonePhrases, need: ClientNeed, proof: string | null, variant: Variant): string {
  const task = need.form === 'task' ? need.text : kindTask(need);
  const own = need.form === 'problem' ? p.openProblem(need.text) : p.openTask(need.who, task);
  if (variant === 'B' && proof) {
    const tie =
      need.form === 'problem' ? p.openProblem(need.text) : p.proofThenNeed(need.who, task);
    return `${p.proofFirst(proof)} ${tie}`;
  }
  return own;
}

function aboutMe(p: TonePhrases, profile: AgentProfile, job: AgentJob, sentences: number): string {
  const skills = new Set([...profile.skills, ...job.skills].map((s) => s.toLowerCase()));
  const overview = splitSentences(profile.overview ?? '').slice(0, sentences);
  const title = profile.title?.trim() ? p.aboutMe(withArticle(profile.title.trim(), skills)) : '';
  return [title, ...overview].filter(Boolean).join(' ');
}

function rateLine(p: TonePhrases, profile: AgentProfile): string {
  if (!profile.hourlyRateMinor) return '';
  return p.rate(formatMoney(profile.hourlyRateMinor, profile.currency));
}

/** The user's own availability sentence from the profile, else the tone's neutral one. */
function availabilityLine(p: TonePhrases, profile: AgentProfile): string {
  const fact = splitSentences(profile.overview ?? '').find((s) =>
    /\b(available|availability|timezone|time zone|hours a week|hours per week|full[- ]time|part[- ]time)\b/i.test(
      s,
    ),
  );
  return fact ?? p.availability;
}

/** Whether a screening question already covers this subject (its answer carries the fact). */
function answered(job: AgentJob, subject: RegExp): boolean {
  return job.screeningQuestions.some((q) => subject.test(q));
}

function answersPart(p: TonePhrases, input: WritingInput): string {
  const { job, profile, portfolio } = input;
  const questions = answerableQuestions(job);
  if (questions.length === 0) return '';
  const answers = questions.map((q) => `${q}\n${offlineAnswer(q, profile, portfolio)}`);
  return [p.answersIntro, ...answers].join('\n\n');
}

function stepsPart(p: TonePhrases, need: ClientNeed, length: ResponseLength): string {
  const steps = laterSteps(need);
  const lines =
    length === 'long'
      ? steps.map((s, i) => `${i + 1}. ${capitalise(s)}.`)
      : steps.slice(0, 2).map((s) => `- ${capitalise(s)}.`);
  return `${p.stepsIntro}\n${lines.join('\n')}`;
}

function moreProofPart(p: TonePhrases, items: PortfolioHit[]): string {
  if (items.length === 0) return '';
  return `${p.moreProof}\n${items.map((item) => `- ${itemFact(item)}`).join('\n')}`;
}

function buildParts(input: WritingInput): Part[] {
  const { job, profile, portfolio, tone, length, variant } = input;
  const p = TONE_PHRASES[tone];
  const need = readNeed(job);
  const ranked = rankPortfolio(job, need, portfolio);
  const best = ranked[0] ?? null;
  const proof = best ? itemFact(best) : null;
  const questions = projectQuestions(need);
  const extraQuestions = questions.slice(1, length === 'long' ? 4 : 3);
  const detail = postDetail(job, need);
  const part = (order: number, text: string, required: boolean, worth = 0): Part => ({
    order,
    text,
    required,
    worth,
  });
  return [
    part(0, greetingFor(tone, profile, job.clientName), true),
    part(10, opening(p, need, proof, variant), true),
    part(DETAIL_ORDER, detail ? p.detail(detail) : '', length !== 'short', 9),
    part(15, aboutMe(p, profile, job, length === 'long' ? 3 : 1), false, 5),
    part(20, p.firstStep(firstStep(need)), true),
    part(25, stepsPart(p, need, length), false, 8),
    part(27, need.deadline ? p.deadline(need.deadline) : '', false, 7),
    part(30, proof && variant === 'A' ? p.proof(proof) : '', true),
    part(35, moreProofPart(p, ranked.slice(1, length === 'long' ? 3 : 2)), false, 6),
    part(40, answersPart(p, input), true),
    part(45, p.milestone, false, 2),
    part(
      47,
      `${p.inputsIntro}\n${inputsNeeded(need)
        .map((x) => `- ${capitalise(x)}.`)
        .join('\n')}`,
      false,
      2.5,
    ),
    part(55, p.updates, false, 1),
    part(50, answered(job, /\b(rates?|hourly|price|cost)\b/i) ? '' : rateLine(p, profile), true),
    part(51, availabilityLine(p, profile), false, 4),
    part(
      60,
      extraQuestions.length
        ? `${p.questionsIntro}\n${extraQuestions.map((q) => `- ${q}`).join('\n')}`
        : '',
      false,
      3,
    ),
    part(70, questions[0]!, true),
    part(80, signOffFor(tone, profile), true),
  ].filter((x) => x.text.trim() !== '');
}

/** Parts that follow on from the one before join its paragraph (e.g. availability after the rate). */
const SAME_PARAGRAPH = new Set([DETAIL_ORDER, 51]);

function assemble(parts: Part[]): string {
  const sorted = [...parts].sort((a, b) => a.order - b.order);
  const paragraphs: string[] = [];
  let previous = -1;
  for (const x of sorted) {
    if (SAME_PARAGRAPH.has(x.order) && previous >= x.order - 2 && paragraphs.length) {
      paragraphs[paragraphs.length - 1] += ` ${x.text}`;
    } else paragraphs.push(x.text);
    previous = x.order;
  }
  return paragraphs.join('\n\n');
}

/**
 * Picks the optional parts that bring the draft nearest the length's target: the most useful
 * first while they fit, then (if still under the minimum) whatever fits under the maximum.
 */
export function fitParts(parts: Part[], length: ResponseLength): Part[] {
  const { target, min, max } = LENGTH_TARGETS[length];
  const chosen = parts.filter((x) => x.required);
  const optional = parts.filter((x) => !x.required).sort((a, b) => b.worth - a.worth);
  const size = (list: Part[]) => assemble(list).length;
  const leftover: Part[] = [];
  for (const x of optional) {
    const next = [...chosen, x];
    if (Math.abs(size(next) - target) < Math.abs(size(chosen) - target) && size(next) <= max) {
      chosen.push(x);
    } else leftover.push(x);
  }
  for (const x of leftover.sort((a, b) => a.text.length - b.text.length)) {
    if (size(chosen) >= min) break;
    if (size([...chosen, x]) <= max) chosen.push(x);
  }
  return chosen;
}

/** The offline draft's text, before the shared self-check. */
export function writeOfflineDraft(input: WritingInput): string {
  const parts = buildParts(input);
  const chosen = fitParts(parts, input.length);
  const text = assemble(chosen);
  // A short draft that left out the post's detail may read as generic: then the detail goes in.
  const detail = parts.find((x) => x.order === DETAIL_ORDER);
  if (detail && !chosen.includes(detail) && !isSpecific(text, input.job)) {
    return assemble([...chosen, detail]);
  }
  return text;
}
