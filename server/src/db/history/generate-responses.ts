import type { JobSnapshot, ResponseStatus, Variant } from '#contract/responses';

import type { jobs } from '../schema/jobs.ts';
import {
  CATEGORIES,
  CLIENT_FIRST_NAMES,
  CLIENT_LAST_NAMES,
  COMPANY_SUFFIXES,
  COMPANY_WORDS,
  PORTFOLIO_ITEMS,
  RESPONSE_TEMPLATES,
  type CategorySpec,
} from './catalog.ts';
import {
  addDays,
  addHours,
  isPast,
  personAndCompany,
  workingInstant,
  type HistoryContext,
} from './context.ts';

/**
 * Jobs the user answered and the responses sent to them, with each response's status history.
 * Whether a response is viewed, replied, leads to an interview and a hire depends on the job's fit
 * score, the template, the variant (B is written to reply more often), the bid against the budget,
 * the hour it was sent and the portfolio item it cites, so every breakdown has something to show.
 */

type JobInsert = typeof jobs.$inferInsert & { id: string };
type BidBucket = 'below' | 'near' | 'above' | 'unknown';

/** What the rest of the history (leads, quotes, money) needs to know about one sent response. */
export type SentOutcome = {
  responseId: string;
  jobId: string;
  jobTitle: string;
  category: string;
  clientName: string;
  company: string;
  sentAt: Date;
  viewedAt: Date | null;
  repliedAt: Date | null;
  interviewAt: Date | null;
  hiredAt: Date | null;
  declinedAt: Date | null;
  /** What the work is worth: the bid, or the hourly bid times 80 hours. */
  valueMinor: number;
  jobType: 'fixed' | 'hourly';
  /** Hourly rate or fixed amount of the bid, minor units. */
  bidMinor: number;
};

export const CONNECT_PRICE_MINOR = 15;

const DOLLAR = 100;

const VARIANT_REPLY_FACTOR: Record<Variant, number> = { A: 1, B: 1.8 };
const BID_REPLY_FACTOR: Record<BidBucket, number> = {
  below: 1.05,
  near: 1.1,
  above: 0.6,
  unknown: 0.9,
};

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function budgetText(job: JobInsert): string | null {
  if (job.jobType === 'fixed' && job.budgetMaxMinor) return `$${job.budgetMaxMinor / DOLLAR}`;
  if (job.jobType === 'hourly' && job.hourlyMinMinor && job.hourlyMaxMinor) {
    return `$${job.hourlyMinMinor / DOLLAR}-$${job.hourlyMaxMinor / DOLLAR}/hr`;
  }
  return null;
}

/** The scoring fields Browse Jobs reads, from a fit score and the job's money. */
export function jobScoreFields(fit: number, valueMinor: number, connects: number) {
  const winProbability = 0.02 + (0.12 * fit) / 100;
  return {
    fitScore: fit,
    verdict: fit >= 70 ? ('apply' as const) : fit >= 45 ? ('maybe' as const) : ('skip' as const),
    worthPerConnectMinor: Math.round((winProbability * valueMinor) / Math.max(connects, 1)),
  };
}

/** A job of the category with a budget (fixed, hourly, or none posted) and a fit score. */
export function makeJob(
  context: HistoryContext,
  category: CategorySpec,
  postedAt: Date,
  external: { source: 'upwork' | 'csv'; number: number },
): {
  row: JobInsert;
  fit: number;
  valueMinor: number;
  connects: number;
  clientName: string;
  company: string;
} {
  const { random } = context;
  const kind = random.weighted([
    ['fixed', 70],
    ['hourly', 25],
    ['unknown', 5],
  ] as const);
  const fixedMax = random.int(category.budget[0], category.budget[1]);
  const hourlyMax = random.int(category.hourly[0] + 10, category.hourly[1]);
  const fit = clamp(
    Math.round(62 + (random.next() + random.next() + random.next() - 1.5) * 45),
    8,
    99,
  );
  const valueMinor =
    kind === 'hourly' ? hourlyMax * DOLLAR * 80 : kind === 'fixed' ? fixedMax * DOLLAR : 0;
  const connects = clamp(2 + Math.round(valueMinor / DOLLAR / 700) * 2 + random.int(0, 2), 2, 16);
  const client = personAndCompany(random, {
    first: CLIENT_FIRST_NAMES,
    last: CLIENT_LAST_NAMES,
    words: COMPANY_WORDS,
    suffixes: COMPANY_SUFFIXES,
  });
  const skills = [...new Set([random.pick(category.skills), random.pick(category.skills)])];
  const cipher = `~01${context.nextId().replaceAll('-', '').slice(-18)}`;
  const title = random.pick(category.titles);
  const job: JobInsert = {
    id: context.nextId(),
    userId: context.userId,
    source: external.source,
    externalId: `history-job-${external.number}`,
    ciphertext: external.source === 'upwork' ? cipher : null,
    title,
    description: `${title}. We are ${client.company} and need someone who has done this before. Skills: ${skills.join(', ')}.`,
    url: `https://www.upwork.com/jobs/${cipher}`,
    jobType: kind,
    currency: 'USD',
    budgetMinMinor: kind === 'fixed' ? Math.round(fixedMax * 0.6) * DOLLAR : null,
    budgetMaxMinor: kind === 'fixed' ? fixedMax * DOLLAR : null,
    hourlyMinMinor: kind === 'hourly' ? (hourlyMax - 10) * DOLLAR : null,
    hourlyMaxMinor: kind === 'hourly' ? hourlyMax * DOLLAR : null,
    experienceLevel: random.pick(['entry', 'intermediate', 'expert'] as const),
    category: category.name,
    skills,
    skillsKey: skills.map((skill) => skill.toLowerCase()),
    skillsText: skills.join(' '),
    clientPaymentVerified: random.chance(0.85),
    clientTotalSpentMinor: random.int(0, 200) * 500 * DOLLAR,
    clientHires: random.int(0, 40),
    clientJobsPosted: random.int(1, 60),
    clientCountry: random.pick(['United States', 'United Kingdom', 'Germany', 'Canada']),
    proposalsCount: random.int(3, 50),
    postedAt,
    fetchedAt: addHours(postedAt, random.int(1, 6)),
    budgetSortMinor:
      kind === 'fixed' ? fixedMax * DOLLAR : kind === 'hourly' ? hourlyMax * 4_000 : null,
    ...jobScoreFields(fit, valueMinor, connects),
    scoredAt: addHours(postedAt, 1),
    createdAt: addHours(postedAt, 1),
    updatedAt: addHours(postedAt, 1),
  };
  return { row: job, fit, valueMinor, connects, clientName: client.name, company: client.company };
}

function snapshotOf(job: JobInsert, clientName: string): JobSnapshot {
  return {
    title: job.title,
    description: job.description ?? '',
    url: job.url ?? null,
    skills: job.skills ?? [],
    screeningQuestions: [],
    clientName,
    budget: budgetText(job),
  };
}

/** The bid against the job's budget: its bucket, and the amount (a rate for hourly jobs). */
function bidFor(context: HistoryContext, job: JobInsert): { bucket: BidBucket; bidMinor: number } {
  const { random } = context;
  const reference = job.jobType === 'hourly' ? job.hourlyMaxMinor : job.budgetMaxMinor;
  if (!reference) return { bucket: 'unknown', bidMinor: random.int(5, 60) * 100 * DOLLAR };
  const bucket = random.weighted([
    ['below', 25],
    ['near', 50],
    ['above', 25],
  ] as const);
  const ratio =
    bucket === 'below'
      ? 0.6 + random.next() * 0.28
      : bucket === 'near'
        ? 0.92 + random.next() * 0.16
        : 1.13 + random.next() * 0.45;
  const step = job.jobType === 'hourly' ? DOLLAR : 10 * DOLLAR;
  return { bucket, bidMinor: Math.max(step, Math.round((reference * ratio) / step) * step) };
}

type Stage = { status: ResponseStatus; at: Date };

/** The stages the response went through after it was sent, each later than the one before. */
function statusChain(
  context: HistoryContext,
  sentAt: Date,
  replyChance: number,
  fit: number,
): Stage[] {
  const { random } = context;
  const chain: Stage[] = [];
  const push = (status: ResponseStatus, at: Date): boolean => {
    if (!isPast(context, at)) return false;
    chain.push({ status, at });
    return true;
  };
  if (!random.chance(0.55 + (0.3 * fit) / 100)) {
    if (random.chance(0.1)) push('declined', addDays(sentAt, random.int(3, 20)));
    return chain;
  }
  const viewedAt = addHours(sentAt, 0.5 + random.next() * 47.5);
  if (!push('viewed', viewedAt)) return chain;
  if (!random.chance(replyChance)) {
    if (random.chance(0.15)) push('declined', addDays(viewedAt, random.int(2, 14)));
    return chain;
  }
  const repliedAt = addHours(viewedAt, 1 + random.next() * 71);
  if (!push('replied', repliedAt)) return chain;
  if (!random.chance(0.5)) {
    // Replied, talked, and then the client went with someone else.
    if (random.chance(0.35)) push('declined', addDays(repliedAt, random.int(1, 10)));
    return chain;
  }
  const interviewAt = addHours(repliedAt, 12 + random.next() * 108);
  if (!push('interview', interviewAt)) return chain;
  if (random.chance(0.35 + (0.3 * fit) / 100)) {
    push('hired', addHours(interviewAt, 24 + random.next() * 216));
  } else if (random.chance(0.6)) {
    push('declined', addDays(interviewAt, random.int(1, 14)));
  }
  return chain;
}

const at = (chain: Stage[], status: ResponseStatus) =>
  chain.find((stage) => stage.status === status)?.at ?? null;

/**
 * `count` sent responses and `drafts` never sent. About eight in ten sends come from an A/B
 * generation: both variants share a generation id, one is sent and the other is archived unsent.
 */
export function generateResponses(
  context: HistoryContext,
  counts: { sent: number; drafts: number },
): SentOutcome[] {
  const { random, rows, userId } = context;
  const outcomes: SentOutcome[] = [];
  const categoryWeights = CATEGORIES.map((category) => [category, category.weight] as const);
  const templates = rows.templates.filter((template) => template.kind === 'response');
  const portfolio = rows.portfolioItems;
  let jobNumber = rows.jobs.length;

  const addResponse = (options: { sent: boolean }) => {
    const category = random.weighted(categoryWeights);
    const sentAt = options.sent
      ? workingInstant(context)
      : workingInstant(context, addDays(context.now, -30));
    const postedAt = addHours(sentAt, -(1 + random.next() * 30));
    jobNumber += 1;
    const job = makeJob(context, category, postedAt, { source: 'upwork', number: jobNumber });
    const { row: jobRow, fit, connects, clientName, company } = job;
    jobRow.appliedAt = options.sent ? sentAt : null;
    jobRow.actedAt = addHours(sentAt, -0.2);
    rows.jobs.push(jobRow);

    const templateIndex = random.chance(0.9) ? random.int(0, templates.length - 1) : -1;
    const template = templates[templateIndex];
    const templateSpec = RESPONSE_TEMPLATES[templateIndex];
    const paired = random.chance(0.8);
    const variant: Variant = paired && random.chance(0.5) ? 'B' : 'A';
    const generationId = context.nextId();
    const bid = bidFor(context, jobRow);
    const cited = random.chance(0.85)
      ? [...new Set([random.int(0, portfolio.length - 1), random.int(0, portfolio.length - 1)])]
      : [];
    const portfolioFactor = Math.max(1, ...cited.map((i) => PORTFOLIO_ITEMS[i]?.replyFactor ?? 1));
    const hour = sentAt.getUTCHours();
    const hourFactor = hour >= 8 && hour <= 11 ? 1.15 : hour >= 18 || hour < 7 ? 0.8 : 1;
    const replyChance = clamp(
      (0.07 + (0.33 * (fit - 20)) / 80) *
        VARIANT_REPLY_FACTOR[variant] *
        (templateSpec?.replyFactor ?? 0.9) *
        BID_REPLY_FACTOR[bid.bucket] *
        hourFactor *
        portfolioFactor *
        category.replyFactor,
      0.02,
      0.85,
    );
    const chain = options.sent ? statusChain(context, sentAt, replyChance, fit) : [];
    const last = chain[chain.length - 1];
    const createdAt = addHours(sentAt, -(0.1 + random.next() * 2));
    const snapshot = snapshotOf(jobRow, clientName);
    const responseId = context.nextId();
    const text = `Hi ${clientName.split(' ')[0] ?? 'there'},\n\nYou need ${jobRow.title.toLowerCase()}. I have shipped this kind of work before${cited.length > 0 ? `: ${PORTFOLIO_ITEMS[cited[0] ?? 0]?.title}` : ''}.\n\nWhat does a good first week look like for you?\n\nBest regards`;
    rows.responses.push({
      id: responseId,
      userId,
      jobId: jobRow.id,
      job: snapshot,
      jobTitle: jobRow.title,
      templateId: template?.id ?? null,
      generationId: paired ? generationId : null,
      variant,
      status: options.sent ? (last?.status ?? 'sent') : 'draft',
      statusChangedAt: options.sent ? (last?.at ?? sentAt) : createdAt,
      sentAt: options.sent ? sentAt : null,
      text,
      bidMinor: bid.bidMinor,
      currency: 'USD',
      connects,
      fitScoreAtSend: fit,
      offline: true,
      model: 'offline',
      promptVersion: 'history',
      createdAt,
      updatedAt: options.sent ? (last?.at ?? sentAt) : createdAt,
    });
    if (paired) {
      rows.responses.push({
        id: context.nextId(),
        userId,
        jobId: jobRow.id,
        job: snapshot,
        jobTitle: jobRow.title,
        templateId: template?.id ?? null,
        generationId,
        variant: variant === 'A' ? 'B' : 'A',
        status: 'archived',
        statusChangedAt: addHours(createdAt, 0.05),
        text: `${text}\n\n(The other variant of this generation.)`,
        currency: 'USD',
        offline: true,
        model: 'offline',
        promptVersion: 'history',
        createdAt,
        updatedAt: addHours(createdAt, 0.05),
      });
    }
    for (const index of cited) {
      const item = portfolio[index];
      if (!item) continue;
      rows.responseCitations.push({
        responseId,
        portfolioItemId: item.id,
        userId,
        title: item.title,
        createdAt,
        updatedAt: createdAt,
      });
    }
    if (!options.sent) return;
    let previous: ResponseStatus = 'draft';
    for (const stage of [{ status: 'sent' as const, at: sentAt }, ...chain]) {
      rows.responseStatusEvents.push({
        id: context.nextId(),
        userId,
        responseId,
        fromStatus: previous,
        toStatus: stage.status,
        createdAt: stage.at,
        updatedAt: stage.at,
      });
      previous = stage.status;
    }
    outcomes.push({
      responseId,
      jobId: jobRow.id,
      jobTitle: jobRow.title,
      category: category.name,
      clientName,
      company,
      sentAt,
      viewedAt: at(chain, 'viewed'),
      repliedAt: at(chain, 'replied'),
      interviewAt: at(chain, 'interview'),
      hiredAt: at(chain, 'hired'),
      declinedAt: at(chain, 'declined'),
      valueMinor: jobRow.jobType === 'hourly' ? bid.bidMinor * 80 : bid.bidMinor,
      jobType: jobRow.jobType === 'hourly' ? 'hourly' : 'fixed',
      bidMinor: bid.bidMinor,
    });
  };

  for (let i = 0; i < counts.sent; i += 1) addResponse({ sent: true });
  for (let i = 0; i < counts.drafts; i += 1) addResponse({ sent: false });
  return outcomes;
}
