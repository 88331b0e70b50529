import type { ExperienceLevel, JobType } from '#contract/jobs';

import type { OwnHireRates } from '../analytics/service.ts';

/** What fit and worth scoring reads: a job (from any source) and the freelancer's profile. */

export type ScoringJob = {
  title: string;
  description: string;
  jobType: JobType;
  currency: string;
  budgetMinMinor: number | null;
  budgetMaxMinor: number | null;
  hourlyMinMinor: number | null;
  hourlyMaxMinor: number | null;
  experienceLevel: ExperienceLevel | null;
  skills: readonly string[];
  screeningQuestions?: readonly string[];
  client: {
    paymentVerified: boolean | null;
    totalSpentMinor: number | null;
    hires: number | null;
    jobsPosted: number | null;
    reviews: number | null;
    rating: number | null;
    memberSince: Date | null;
  };
  proposalsCount: number | null;
  postedAt: Date | null;
};

export type ScoringProfile = {
  skills: readonly string[];
  hourlyRateMinor: number | null;
  rateFloorMinor: number | null;
  currency: string;
  /**
   * The user's own sends and hires per fit bucket, once they have OWN_RATES_MIN_SENDS sends with
   * a fit score (null before): the win chance then leans on their record.
   */
  ownRates: OwnHireRates | null;
};
