import type { SandboxJob } from './upwork-sandbox-jobs.ts';

/**
 * The sandbox's job search (`marketplaceJobPostingsSearch`) and single posting
 * (`marketplaceJobPosting`): Upwork's filter fields, Relay pages with a stringified offset as
 * cursor, and a small reading of its search expressions.
 */

type Range = { rangeStart?: number; rangeEnd?: number } | undefined;
const inRange = (value: number, range: Range) =>
  !range ||
  ((range.rangeStart === undefined || value >= range.rangeStart) &&
    (range.rangeEnd === undefined || value <= range.rangeEnd));

/** A small reading of Upwork's "partial Lucene" search expression: words, "phrases", OR, AND, NOT/-. */
export function matchesExpression(job: SandboxJob, expression: string): boolean {
  const haystack =
    `${job.title}\n${job.description}\n${job.skills.map((s) => s.prettyName).join(' ')}`.toLowerCase();
  const alternatives = expression.split(/\s+OR\s+|\s*\|\|\s*/);
  return alternatives.some((alternative) => {
    const tokens = alternative.match(/-?"[^"]*"|\S+/g) ?? [];
    let negate = false;
    let ok = true;
    for (const raw of tokens) {
      if (raw === 'AND' || raw === '&&') continue;
      if (raw === 'NOT') {
        negate = true;
        continue;
      }
      const exclude = negate || raw.startsWith('-');
      negate = false;
      const term = raw.replace(/^-/, '').replace(/^"|"$/g, '').toLowerCase();
      if (!term) continue;
      const found = haystack.includes(term);
      if (exclude ? found : !found) ok = false;
    }
    return ok;
  });
}

export type Filter = {
  searchExpression_eq?: string;
  skillExpression_eq?: string;
  jobType_eq?: 'HOURLY' | 'FIXED' | 'FIXED_PRICE';
  budgetRange_eq?: Range;
  hourlyRate_eq?: Range;
  experienceLevel_eq?: SandboxJob['experienceLevel'];
  clientHiresRange_eq?: Range;
  verifiedPaymentOnly_eq?: boolean;
  proposalRange_eq?: Range;
  pagination_eq?: { first?: number; after?: string };
};

function searchNode(job: SandboxJob) {
  const { screeningQuestions: _questions, ...node } = job;
  void _questions;
  return node;
}

export function searchJobs(jobs: SandboxJob[], filter: Filter = {}) {
  const matching = jobs.filter((job) => {
    const fixed = Number(job.amount.rawValue) > 0;
    if (filter.searchExpression_eq && !matchesExpression(job, filter.searchExpression_eq))
      return false;
    if (filter.skillExpression_eq) {
      const wanted = filter.skillExpression_eq.split(',').map((s) => s.trim().toLowerCase());
      if (
        !job.skills.some(
          (s) => wanted.includes(s.prettyName.toLowerCase()) || wanted.includes(s.name),
        )
      )
        return false;
    }
    if (filter.jobType_eq === 'HOURLY' && fixed) return false;
    if ((filter.jobType_eq === 'FIXED' || filter.jobType_eq === 'FIXED_PRICE') && !fixed)
      return false;
    if (
      filter.budgetRange_eq &&
      (!fixed || !inRange(Number(job.amount.rawValue), filter.budgetRange_eq))
    )
      return false;
    if (
      filter.hourlyRate_eq &&
      (fixed || !inRange(Number(job.hourlyBudgetMax?.rawValue ?? 0), filter.hourlyRate_eq))
    )
      return false;
    if (filter.experienceLevel_eq && job.experienceLevel !== filter.experienceLevel_eq)
      return false;
    if (filter.clientHiresRange_eq && !inRange(job.client.totalHires, filter.clientHiresRange_eq))
      return false;
    if (filter.verifiedPaymentOnly_eq && job.client.verificationStatus !== 'VERIFIED') return false;
    if (filter.proposalRange_eq && !inRange(job.totalApplicants, filter.proposalRange_eq))
      return false;
    return true;
  });
  const first = Math.min(Math.max(filter.pagination_eq?.first ?? 10, 1), 50);
  const offset = Math.max(0, Number(filter.pagination_eq?.after ?? 0) || 0);
  const page = matching.slice(offset, offset + first);
  return {
    totalCount: matching.length,
    pageInfo: {
      hasNextPage: offset + first < matching.length,
      endCursor: String(offset + page.length),
    },
    edges: page.map((job, i) => ({ cursor: String(offset + i + 1), node: searchNode(job) })),
  };
}

export function jobPosting(job: SandboxJob) {
  const fixed = Number(job.amount.rawValue) > 0;
  return {
    id: job.id,
    content: { title: job.title, description: job.description },
    contractTerms: {
      contractType: fixed ? 'FIXED_PRICE' : 'HOURLY',
      experienceLevel: job.experienceLevel,
      personsToHire: 1,
      hourlyContractTerms: fixed
        ? null
        : {
            engagementType: 'PART_TIME',
            hourlyBudgetMin: Number(job.hourlyBudgetMin?.rawValue ?? 0),
            hourlyBudgetMax: Number(job.hourlyBudgetMax?.rawValue ?? 0),
          },
    },
    contractorSelection: {
      proposalRequirement: {
        coverLetterRequired: true,
        screeningQuestions: job.screeningQuestions.map((question, i) => ({
          sequenceNumber: i + 1,
          question,
        })),
      },
    },
    clientCompanyPublic: {
      city: null,
      country: { name: job.client.location.country },
      paymentVerification: { paymentVerified: job.client.verificationStatus === 'VERIFIED' },
    },
  };
}
