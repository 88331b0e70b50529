import type { JobScoreDetails, JobVerdict, RedFlag, ScoreReason } from '#contract/jobs';
import { formatMoney } from '#contract/money';
import { FIT_BUCKETS } from '#contract/response-analytics';

import { readPostInstructions } from '../../ai/post-instructions.ts';
import { detectClientAsks, detectPromptTraps } from '../../ai/prompt-traps.ts';
import { redFlags } from './red-flags.ts';
import type { OwnHireRates } from '../analytics/service.ts';
import type { ScoringJob, ScoringProfile } from './scoring-input.ts';

/**
 * Fit and worth scoring (docs/product.md, Browse Jobs). Pure and synchronous: no I/O,
 * no clock of its own (`now` is an argument), so the same job and profile always give the same
 * score, in well under a millisecond.
 *
 * Fit 0-100 = skills (35) + rate vs budget (20) + client quality (20) + competition (15)
 * + recency (10). Worth = expected value per Connect: P(win) x value of the job / Connects it
 * costs. Once the user has enough sends with a fit score, P(win) leans on their own hire rate
 * for the job's fit. The verdict reads both, and red flags can only lower it.
 */
export const SCORING_VERSION = 2;

export type { ScoringJob, ScoringProfile } from './scoring-input.ts';

const MAX = { skills: 35, rate: 20, client: 20, competition: 15, recency: 10 } as const;
/** Hours an hourly job is assumed to last when its value is estimated. */
export const HOURLY_ENGAGEMENT_HOURS = 40;
/** No job is a sure thing: the chance of winning is capped here. */
const MAX_WIN_PROBABILITY = 0.95;
/** Price of one Connect in US cents (Upwork sells Connects at $0.15). */
export const CONNECT_PRICE_MINOR = 15;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// ---------------------------------------------------------------------------------------------
// Skills

const SKILL_ALIASES: Record<string, string> = {
  reactjs: 'react',
  'react.js': 'react',
  'react js': 'react',
  'node.js': 'node',
  nodejs: 'node',
  'node js': 'node',
  'vue.js': 'vue',
  vuejs: 'vue',
  'next.js': 'nextjs',
  'next js': 'nextjs',
  'nest.js': 'nestjs',
  ts: 'typescript',
  js: 'javascript',
  postgres: 'postgresql',
  psql: 'postgresql',
  golang: 'go',
  'c sharp': 'c#',
  'amazon web services': 'aws',
  'google cloud platform': 'gcp',
  'google cloud': 'gcp',
  k8s: 'kubernetes',
  'tailwind css': 'tailwind',
  tailwindcss: 'tailwind',
  'ruby on rails': 'rails',
  'machine learning': 'ml',
  'artificial intelligence': 'ai',
  'ui/ux': 'ux',
  'ui ux': 'ux',
  'ux design': 'ux',
  'user experience design': 'ux',
};

export function normalizeSkill(skill: string): string {
  const lower = skill.trim().toLowerCase().replace(/\s+/g, ' ');
  return SKILL_ALIASES[lower] ?? withoutTrailingParenthetical(lower);
}

/** "node.js (express)" -> "node.js": drops a last "(...)" and the spaces before it. */
function withoutTrailingParenthetical(skill: string): string {
  // By hand: a pattern such as /\s*\(.*\)$/ would retry from every "(" of a long run.
  if (!skill.endsWith(')')) return skill;
  const open = skill.indexOf('(');
  if (open < 0 || open === skill.length - 1) return skill;
  return skill.slice(0, open).trimEnd();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function mentions(text: string, skill: string): boolean {
  if (skill.length < 2) return false;
  return new RegExp(`(^|[^a-z0-9+#])${escapeRegExp(skill)}($|[^a-z0-9+#])`, 'i').test(text);
}

function scoreSkills(job: ScoringJob, profile: ScoringProfile): ScoreReason {
  const mine = new Map(profile.skills.map((skill) => [normalizeSkill(skill), skill]));
  if (mine.size === 0) {
    return {
      factor: 'skills',
      points: Math.round(MAX.skills / 2),
      max: MAX.skills,
      text: 'Add skills to your profile to score the match',
    };
  }
  const jobSkills = [...new Set(job.skills.map(normalizeSkill))].filter(Boolean);
  if (jobSkills.length === 0) {
    // No skills listed: look for the profile's skills in the text.
    const text = `${job.title}\n${job.description}`;
    const found = [...mine.entries()]
      .filter(([key]) => mentions(text, key))
      .map(([, label]) => label);
    const coverage = Math.min(1, found.length / 3);
    return {
      factor: 'skills',
      points: Math.round(MAX.skills * coverage),
      max: MAX.skills,
      text:
        found.length > 0
          ? `No skills listed; the text mentions ${found.slice(0, 4).join(', ')}`
          : 'No skills listed and none of yours are mentioned',
    };
  }
  const matched = jobSkills.filter((skill) => mine.has(skill));
  const missing = jobSkills.filter((skill) => !mine.has(skill));
  const coverage = matched.length / jobSkills.length;
  const labels = (keys: string[]) =>
    keys.map((key) => job.skills.find((s) => normalizeSkill(s) === key) ?? key);
  let text = `Matches ${matched.length} of ${jobSkills.length} skills`;
  if (matched.length > 0) text += `: ${labels(matched).slice(0, 4).join(', ')}`;
  if (missing.length > 0) text += `; missing ${labels(missing).slice(0, 3).join(', ')}`;
  return { factor: 'skills', points: Math.round(MAX.skills * coverage), max: MAX.skills, text };
}

// ---------------------------------------------------------------------------------------------
// Rate vs budget

function scoreRate(job: ScoringJob, profile: ScoringProfile): ScoreReason {
  const base = { factor: 'rate' as const, max: MAX.rate };
  const rate = profile.hourlyRateMinor;
  if (job.currency !== profile.currency) {
    return {
      ...base,
      points: 10,
      text: `Budget is in ${job.currency}; your rate is in ${profile.currency}`,
    };
  }
  if (job.jobType === 'hourly') {
    const top = job.hourlyMaxMinor ?? job.hourlyMinMinor;
    if (top === null) return { ...base, points: 10, text: 'Hourly range not stated' };
    if (!rate)
      return { ...base, points: 10, text: 'Set your hourly rate to compare it with the budget' };
    const ratio = top / rate;
    const points = ratio >= 1 ? 20 : ratio >= 0.8 ? 14 : ratio >= 0.6 ? 7 : 0;
    const text =
      ratio >= 1
        ? `Pays up to ${formatMoney(top, job.currency)}/h, at or above your ${formatMoney(rate, job.currency)}/h`
        : `Pays up to ${formatMoney(top, job.currency)}/h, ${Math.round((1 - ratio) * 100)}% under your ${formatMoney(rate, job.currency)}/h`;
    return { ...base, points, text };
  }
  const budget = job.budgetMaxMinor ?? job.budgetMinMinor;
  if (budget === null || budget === 0) return { ...base, points: 8, text: 'Budget not stated' };
  if (!rate)
    return { ...base, points: 10, text: 'Set your hourly rate to compare it with the budget' };
  const hours = budget / rate;
  const points = hours >= 40 ? 20 : hours >= 10 ? 15 : hours >= 3 ? 8 : 2;
  const shown = hours >= 10 ? Math.round(hours) : Math.round(hours * 10) / 10;
  return {
    ...base,
    points,
    text: `Fixed ${formatMoney(budget, job.currency)} buys about ${shown} h at your rate`,
  };
}

// ---------------------------------------------------------------------------------------------
// Client quality

function scoreClient(job: ScoringJob): ScoreReason {
  const c = job.client;
  let points = 0;
  const parts: string[] = [];
  if (c.paymentVerified === true) {
    points += 6;
    parts.push('payment verified');
  } else if (c.paymentVerified === false) {
    parts.push('payment not verified');
  } else {
    points += 2;
  }
  if (c.hires !== null) {
    if (c.hires >= 5) points += 5;
    else if (c.hires >= 1) points += 3;
    parts.push(`${c.hires} ${c.hires === 1 ? 'hire' : 'hires'}`);
    if (c.jobsPosted && c.jobsPosted > 0 && c.hires / c.jobsPosted >= 0.5) points += 1;
  }
  if (c.totalSpentMinor !== null) {
    points +=
      c.totalSpentMinor >= 1_000_000
        ? 6
        : c.totalSpentMinor >= 100_000
          ? 4
          : c.totalSpentMinor > 0
            ? 2
            : 0;
    parts.push(`${formatMoney(c.totalSpentMinor, 'USD')} spent`);
  }
  if (c.rating !== null && (c.reviews ?? 0) > 0) {
    if (c.rating >= 4.5) points += 2;
    parts.push(`rated ${c.rating.toFixed(1)}`);
  }
  points = Math.min(MAX.client, points);
  return {
    factor: 'client',
    points,
    max: MAX.client,
    text: parts.length > 0 ? `Client: ${parts.join(', ')}` : 'Nothing known about the client',
  };
}

// ---------------------------------------------------------------------------------------------
// Competition and recency

function scoreCompetition(job: ScoringJob): ScoreReason {
  const n = job.proposalsCount;
  const base = { factor: 'competition' as const, max: MAX.competition };
  if (n === null) return { ...base, points: 8, text: 'Number of proposals unknown' };
  const points = n < 5 ? 15 : n < 10 ? 12 : n < 15 ? 9 : n < 20 ? 6 : n < 50 ? 3 : 0;
  const text =
    n < 5
      ? 'Fewer than 5 proposals so far'
      : n >= 50
        ? '50 or more proposals so far'
        : `${n}+ proposals so far`;
  return { ...base, points, text };
}

export function describeAge(ms: number): string {
  if (ms < HOUR_MS) return `${Math.max(1, Math.round(ms / 60_000))} min ago`;
  if (ms < DAY_MS) return `${Math.round(ms / HOUR_MS)} h ago`;
  return `${Math.round(ms / DAY_MS)} d ago`;
}

function scoreRecency(job: ScoringJob, now: Date): ScoreReason {
  const base = { factor: 'recency' as const, max: MAX.recency };
  if (!job.postedAt) return { ...base, points: 3, text: 'Posting time unknown' };
  const age = Math.max(0, now.getTime() - job.postedAt.getTime());
  const points =
    age < HOUR_MS
      ? 10
      : age < 6 * HOUR_MS
        ? 8
        : age < DAY_MS
          ? 6
          : age < 3 * DAY_MS
            ? 3
            : age < 7 * DAY_MS
              ? 1
              : 0;
  const text =
    age < HOUR_MS
      ? `Posted ${describeAge(age)}: the first hour counts`
      : `Posted ${describeAge(age)}`;
  return { ...base, points, text };
}

// ---------------------------------------------------------------------------------------------
// Prompt traps and client asks: the one reader, shared with the drafters, reached from here as well.

export { detectClientAsks, detectPromptTraps };

// ---------------------------------------------------------------------------------------------
// Worth per Connect and the verdict

/** An estimate of the Connects a proposal costs, from the job's value (Upwork varies it 2-16). */
export function estimateConnects(job: ScoringJob): number {
  if (job.jobType === 'hourly') return 6;
  const budget = job.budgetMaxMinor ?? job.budgetMinMinor;
  if (budget === null || budget <= 0) return 4;
  if (budget <= 5_000) return 2;
  if (budget <= 50_000) return 4;
  if (budget <= 100_000) return 6;
  return 8;
}

/** Value of winning the job, minor units: the fixed budget or the hourly rate x 40 h. */
export function estimateJobValue(job: ScoringJob, profile: ScoringProfile): number | null {
  if (job.jobType === 'hourly') {
    const top = job.hourlyMaxMinor ?? job.hourlyMinMinor;
    const rate =
      top !== null && profile.hourlyRateMinor ? Math.min(top, profile.hourlyRateMinor) : top;
    return rate !== null ? rate * HOURLY_ENGAGEMENT_HOURS : null;
  }
  const budget = job.budgetMaxMinor ?? job.budgetMinMinor;
  return budget !== null && budget > 0 ? budget : null;
}

/** The built-in model's chance of winning: the client's hire likelihood x share x fit. */
export function modelWinProbability(job: ScoringJob, fit: number): number {
  const c = job.client;
  let hireLikelihood = c.paymentVerified === true ? 0.7 : c.paymentVerified === false ? 0.35 : 0.5;
  if ((c.hires ?? 0) > 0) hireLikelihood += 0.2;
  const proposals = job.proposalsCount ?? 10;
  const share = 1 / (1 + proposals / 4);
  return Math.min(MAX_WIN_PROBABILITY, hireLikelihood * share * (0.3 + 0.7 * (fit / 100)));
}

/**
 * How many sends the model's chance counts as when it is blended with the user's own hire rate
 * for the fit bucket: with 10 sends of their own the two weigh the same, with 100 the user's
 * record dominates.
 */
export const OWN_RATE_PRIOR_SENDS = 10;

export type WinChance = {
  /** The chance worth per Connect uses. */
  probability: number;
  /** The built-in model's chance alone. */
  model: number;
  /** The user's sends in this fit bucket when their own hire rate was blended in, else null. */
  ownRateSends: number | null;
};

/**
 * The chance of winning: the built-in model's, or, when the user has their own hire rates and
 * has sent in this job's fit bucket, the model's chance smoothed towards their own record,
 * (hired + k x model) / (sent + k) with k = OWN_RATE_PRIOR_SENDS.
 */
export function estimateWinChance(
  job: ScoringJob,
  fit: number,
  ownRates: OwnHireRates | null,
): WinChance {
  const model = modelWinProbability(job, fit);
  const bucket = FIT_BUCKETS.find((entry) => fit >= entry.low && fit <= entry.high);
  const own = bucket ? ownRates?.hireRateByBucket[bucket.key] : undefined;
  if (!own || own.sent <= 0) return { probability: model, model, ownRateSends: null };
  const blended = (own.hired + OWN_RATE_PRIOR_SENDS * model) / (own.sent + OWN_RATE_PRIOR_SENDS);
  return {
    probability: Math.min(MAX_WIN_PROBABILITY, blended),
    model,
    ownRateSends: own.sent,
  };
}

export function estimateWinProbability(
  job: ScoringJob,
  fit: number,
  ownRates: OwnHireRates | null = null,
): number {
  return estimateWinChance(job, fit, ownRates).probability;
}

const SERIOUS_FLAGS = new Set<RedFlag['code']>(['off_platform', 'free_sample']);

export function scoreJob(job: ScoringJob, profile: ScoringProfile, now: Date): JobScoreDetails {
  const reasons = [
    scoreSkills(job, profile),
    scoreRate(job, profile),
    scoreClient(job),
    scoreCompetition(job),
    scoreRecency(job, now),
  ];
  const fit = Math.max(0, Math.min(100, Math.round(reasons.reduce((sum, r) => sum + r.points, 0))));
  const instructions = readPostInstructions(
    `${job.title}\n${job.description}\n${(job.screeningQuestions ?? []).join('\n')}`,
  );
  const traps = instructions.traps.map(({ excerpt, reason }) => ({ excerpt, reason }));
  const flags = redFlags(job, profile, now);
  if (traps.length > 0) {
    flags.push({
      code: 'prompt_trap',
      text: `${traps.length === 1 ? 'A hidden instruction' : `${traps.length} hidden instructions`} aimed at AI writers: shown, never obeyed`,
    });
  }

  const connectsCost = estimateConnects(job);
  const chance = estimateWinChance(job, fit, profile.ownRates);
  const winProbability = chance.probability;
  const value =
    job.currency === profile.currency || !profile.hourlyRateMinor
      ? estimateJobValue(job, profile)
      : null;
  const worthPerConnectMinor =
    value === null ? 0 : Math.round((winProbability * value) / connectsCost);

  const serious = flags.some((flag) => SERIOUS_FLAGS.has(flag.code));
  const warnings = flags.filter(
    (flag) => !SERIOUS_FLAGS.has(flag.code) && flag.code !== 'prompt_trap',
  ).length;
  let verdict: JobVerdict;
  const noSkillMatch = profile.skills.length > 0 && reasons[0]?.points === 0;
  if (serious || noSkillMatch || fit < 40 || (value !== null && worthPerConnectMinor < 100)) {
    verdict = 'skip';
  } else if (
    fit >= 65 &&
    warnings <= 1 &&
    (value === null ? fit >= 75 : worthPerConnectMinor >= 500)
  )
    verdict = 'apply';
  else verdict = 'maybe';
  if (verdict === 'apply' && warnings >= 2) verdict = 'maybe';

  const worthText =
    value === null
      ? 'value unknown'
      : `about ${formatMoney(worthPerConnectMinor, job.currency)} expected per Connect (${connectsCost} Connects, ${Math.round(winProbability * 100)}% chance${
          chance.ownRateSends === null
            ? ''
            : `, your own hire rate from ${chance.ownRateSends} ${chance.ownRateSends === 1 ? 'send' : 'sends'}`
        })`;
  const summary = `${verdict === 'apply' ? 'Apply' : verdict === 'maybe' ? 'Maybe' : 'Skip'}: fit ${fit}/100, ${worthText}${
    flags.length > 0 ? `; ${flags.length} ${flags.length === 1 ? 'flag' : 'flags'}` : ''
  }`;

  return {
    fit,
    verdict,
    worthPerConnectMinor,
    winProbability,
    ...(chance.ownRateSends === null
      ? {}
      : { modelWinProbability: chance.model, ownRateSends: chance.ownRateSends }),
    connectsCost,
    reasons,
    flags,
    traps,
    asks: instructions.asks,
    summary,
  };
}
