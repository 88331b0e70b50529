import type { ExperienceLevel, ParsedJob } from '#contract/jobs';

import type { Money, UpworkJobNode, UpworkJobPosting } from './graphql-answers.ts';
import type { JobSearchFilter } from './graphql-client.ts';

/** Upwork shapes -> our job fields. Money arrives as decimal strings; we store minor units. */

export function moneyToMinor(money: Money | null | undefined): number | null {
  const raw = money?.rawValue;
  if (raw === undefined || raw === null) return null;
  const match = /^\s*(-?)(\d+)(?:\.(\d+))?\s*$/.exec(String(raw));
  if (!match?.[2]) return null;
  const cents = Number(match[2]) * 100 + Math.round(Number(`0.${match[3] ?? '0'}`) * 100);
  return match[1] ? -cents : cents;
}

export function mapExperience(level: string | null | undefined): ExperienceLevel | null {
  switch (level) {
    case 'ENTRY_LEVEL':
    case 'ENTRY':
      return 'entry';
    case 'INTERMEDIATE':
      return 'intermediate';
    case 'EXPERT':
      return 'expert';
    default:
      return null;
  }
}

export type MappedUpworkJob = ParsedJob & {
  externalId: string;
  ciphertext: string | null;
  category: string | null;
};

export function jobUrl(ciphertext: string | null, id: string): string {
  return `https://www.upwork.com/jobs/${ciphertext ?? id}`;
}

export function mapSearchNode(node: UpworkJobNode): MappedUpworkJob {
  const fixed = (moneyToMinor(node.amount) ?? 0) > 0;
  const hourlyMin = moneyToMinor(node.hourlyBudgetMin);
  const hourlyMax = moneyToMinor(node.hourlyBudgetMax);
  const hourly =
    !fixed && (hourlyMin !== null || hourlyMax !== null || node.hourlyBudgetType !== null);
  const verification = node.client?.verificationStatus;
  const rating = node.client?.totalFeedback ?? null;
  return {
    externalId: node.id,
    ciphertext: node.ciphertext,
    title: node.title.slice(0, 500),
    description: (node.description ?? '').slice(0, 50_000),
    url: jobUrl(node.ciphertext, node.id),
    jobType: fixed ? 'fixed' : hourly ? 'hourly' : 'unknown',
    currency:
      (fixed
        ? node.amount?.currency
        : (node.hourlyBudgetMax?.currency ?? node.hourlyBudgetMin?.currency)) || 'USD',
    budgetMinMinor: fixed ? moneyToMinor(node.amount) : null,
    budgetMaxMinor: fixed ? moneyToMinor(node.amount) : null,
    hourlyMinMinor: hourly ? hourlyMin : null,
    hourlyMaxMinor: hourly ? (hourlyMax ?? hourlyMin) : null,
    experienceLevel: mapExperience(node.experienceLevel),
    category: node.subcategory ?? node.category ?? null,
    skills: (node.skills ?? []).map((skill) => skill.prettyName || skill.name).slice(0, 50),
    screeningQuestions: [],
    client: {
      paymentVerified: verification ? verification === 'VERIFIED' : null,
      totalSpentMinor: moneyToMinor(node.client?.totalSpent),
      hires: node.client?.totalHires ?? null,
      jobsPosted: node.client?.totalPostedJobs ?? null,
      reviews: node.client?.totalReviews ?? null,
      rating: rating !== null && rating > 0 && rating <= 5 ? rating : null,
      country: node.client?.location?.country ?? null,
      memberSince: null,
    },
    proposalsCount: node.totalApplicants ?? null,
    postedAt: node.publishedDateTime ? new Date(node.publishedDateTime).toISOString() : null,
  };
}

/** Details from `marketplaceJobPosting` that the search node lacks. */
export function postingDetails(posting: UpworkJobPosting): {
  screeningQuestions: string[];
  description: string | null;
} {
  const questions = posting.contractorSelection?.proposalRequirement?.screeningQuestions ?? [];
  return {
    screeningQuestions: [...questions]
      .sort((a, b) => a.sequenceNumber - b.sequenceNumber)
      .map((q) => q.question),
    description: posting.content?.description ?? null,
  };
}

export type UpworkSearchInput = {
  q?: string | undefined;
  jobType?: 'fixed' | 'hourly' | undefined;
  budgetMin?: number | undefined;
  budgetMax?: number | undefined;
  hourlyMin?: number | undefined;
  hourlyMax?: number | undefined;
  experience?: ExperienceLevel[] | undefined;
  paymentVerified?: boolean | undefined;
  clientHiresMin?: number | undefined;
  proposalsMax?: number | undefined;
  skills?: string[] | undefined;
};

const EXPERIENCE_TO_UPWORK = {
  entry: 'ENTRY_LEVEL',
  intermediate: 'INTERMEDIATE',
  expert: 'EXPERT',
} as const;

/** Our filters -> Upwork's search filter. Money filters are whole dollars upstream. */
export function toUpworkFilter(
  input: UpworkSearchInput,
  first: number,
  after?: string,
): JobSearchFilter {
  const filter: JobSearchFilter = { pagination_eq: after ? { first, after } : { first } };
  const q = input.q?.trim();
  if (q) filter.searchExpression_eq = q;
  if (input.skills && input.skills.length > 0) filter.skillExpression_eq = input.skills.join(',');
  if (input.jobType) filter.jobType_eq = input.jobType === 'hourly' ? 'HOURLY' : 'FIXED';
  const dollars = (minor: number | undefined) =>
    minor === undefined ? undefined : Math.floor(minor / 100);
  if (input.budgetMin !== undefined || input.budgetMax !== undefined) {
    filter.budgetRange_eq = {
      rangeStart: dollars(input.budgetMin) ?? 0,
      ...(input.budgetMax !== undefined ? { rangeEnd: dollars(input.budgetMax) } : {}),
    };
  }
  if (input.hourlyMin !== undefined || input.hourlyMax !== undefined) {
    filter.hourlyRate_eq = {
      rangeStart: dollars(input.hourlyMin) ?? 0,
      ...(input.hourlyMax !== undefined ? { rangeEnd: dollars(input.hourlyMax) } : {}),
    };
  }
  if (input.experience && input.experience.length === 1 && input.experience[0]) {
    filter.experienceLevel_eq = EXPERIENCE_TO_UPWORK[input.experience[0]];
  }
  if (input.paymentVerified) filter.verifiedPaymentOnly_eq = true;
  if (input.clientHiresMin !== undefined)
    filter.clientHiresRange_eq = { rangeStart: input.clientHiresMin };
  if (input.proposalsMax !== undefined)
    filter.proposalRange_eq = { rangeStart: 0, rangeEnd: input.proposalsMax };
  return filter;
}
