import { z } from 'zod';

import {
  analyticsRangeQuerySchema,
  moneyTotalsSchema,
  resolvedRangeSchema,
} from './analytics-range.ts';
import { funnelStepSchema } from './dashboard.ts';

/**
 * GET /api/analytics/responses?from=&to=&tz=: what the responses sent in a period led to, cut
 * by template, variant, job category, fit bucket, hour and weekday sent (in tz), portfolio item
 * cited and bid against the job's budget; and whether the fit score predicts anything for this
 * user. GET /api/analytics/responses/compare: two variants or two templates side by side with
 * the difference in reply rate and its 95% confidence interval.
 *
 * Revenue of a response: net earnings (income minus fees and refunds) of the transactions whose
 * contract belongs to the lead the response opened (the lead's earliest sent response).
 */

export const BREAKDOWN_DIMENSIONS = [
  'template',
  'variant',
  'category',
  'fit',
  'hour',
  'weekday',
  'portfolio',
  'bid',
] as const;
export const breakdownDimensionSchema = z.enum(BREAKDOWN_DIMENSIONS);
export type BreakdownDimension = z.infer<typeof breakdownDimensionSchema>;

export const BREAKDOWN_TITLES: Record<BreakdownDimension, string> = {
  template: 'By template',
  variant: 'By variant',
  category: 'By job category',
  fit: 'By fit score',
  hour: 'By hour sent',
  weekday: 'By weekday sent',
  portfolio: 'By portfolio item cited',
  bid: 'By bid against the budget',
};

/** Fit buckets: [low, high] inclusive, as the keys of the fit breakdown and the calibration. */
export const FIT_BUCKETS = [
  { key: '0-39', low: 0, high: 39 },
  { key: '40-59', low: 40, high: 59 },
  { key: '60-79', low: 60, high: 79 },
  { key: '80-100', low: 80, high: 100 },
] as const;

/** Bid against the budget: below 90%, 90-110%, above 110%, or no budget to compare with. */
export const BID_BUCKETS = ['below', 'near', 'above', 'unknown'] as const;
export const BID_BUCKET_LABELS: Record<(typeof BID_BUCKETS)[number], string> = {
  below: 'Below the budget (under 90%)',
  near: 'Near the budget (90-110%)',
  above: 'Above the budget (over 110%)',
  unknown: 'No budget to compare',
};

/**
 * One row of a breakdown. `key` is stable (a template id, 'A', a category, '40-59', '0'..'23',
 * '1'..'7' with 1 = Monday, a portfolio item id, a bid bucket, or 'none'); `label` is for people.
 */
export const breakdownRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  sent: z.number().int(),
  replied: z.number().int(),
  interviews: z.number().int(),
  hired: z.number().int(),
  replyRate: z.number().nullable(),
  hireRate: z.number().nullable(),
  connects: z.number().int(),
  /** Net revenue attributed to these responses, per currency. */
  revenue: moneyTotalsSchema,
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

export const breakdownSchema = z.object({
  dimension: breakdownDimensionSchema,
  rows: z.array(breakdownRowSchema),
});
export type Breakdown = z.infer<typeof breakdownSchema>;

/**
 * Does the fit score predict replies and hires for this user? Rates per fit bucket over every
 * response the user ever sent, and whether worth per Connect already uses them: it does once the
 * user has OWN_RATES_MIN_SENDS sends with a fit score.
 */
export const OWN_RATES_MIN_SENDS = 30;

export const calibrationRowSchema = z.object({
  bucket: z.string(),
  sent: z.number().int(),
  replied: z.number().int(),
  hired: z.number().int(),
  replyRate: z.number().nullable(),
  hireRate: z.number().nullable(),
  /** The hire chance the built-in model gave these jobs when they were sent (average), if known. */
  modelHireRate: z.number().nullable(),
});
export type CalibrationRow = z.infer<typeof calibrationRowSchema>;

export const calibrationSchema = z.object({
  rows: z.array(calibrationRowSchema),
  /** Sends with a fit score, all time. */
  scoredSends: z.number().int(),
  minSends: z.number().int(),
  /** True when worth per Connect on Browse Jobs uses this user's own hire rates. */
  ownRatesInUse: z.boolean(),
  /** A sentence about what the rates show ("Higher fit scores are replied to more often"). */
  summary: z.string(),
});
export type Calibration = z.infer<typeof calibrationSchema>;

export const responseAnalyticsSchema = z.object({
  range: resolvedRangeSchema,
  funnel: z.array(funnelStepSchema),
  totals: z.object({
    sent: z.number().int(),
    connects: z.number().int(),
    connectsPerReply: z.number().nullable(),
    connectsPerHire: z.number().nullable(),
    revenue: moneyTotalsSchema,
    /** revenue / sent, per currency (minor units, rounded). */
    revenuePerResponse: moneyTotalsSchema,
  }),
  breakdowns: z.array(breakdownSchema),
  calibration: calibrationSchema,
});
export type ResponseAnalytics = z.infer<typeof responseAnalyticsSchema>;

// ---------------------------------------------------------------------------------------------
// A/B comparison

export const COMPARE_KINDS = ['variant', 'template'] as const;
export const compareKindSchema = z.enum(COMPARE_KINDS);
export type CompareKind = z.infer<typeof compareKindSchema>;

/** `?kind=variant&a=A&b=B` or `?kind=template&a=<template id>&b=<template id>`, plus the range. */
export const compareQuerySchema = analyticsRangeQuerySchema.and(
  z.object({
    kind: compareKindSchema,
    a: z.string().min(1).max(64),
    b: z.string().min(1).max(64),
  }),
);
export type CompareQuery = z.infer<typeof compareQuerySchema>;

export const compareArmSchema = z.object({
  key: z.string(),
  label: z.string(),
  sent: z.number().int(),
  replied: z.number().int(),
  replyRate: z.number().nullable(),
  /** 95% Wilson score interval of this arm's reply rate. */
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type CompareArm = z.infer<typeof compareArmSchema>;

export const COMPARE_VERDICTS = ['b_better', 'a_better', 'no_difference', 'too_few'] as const;

export const compareResultSchema = z.object({
  range: resolvedRangeSchema,
  kind: compareKindSchema,
  a: compareArmSchema,
  b: compareArmSchema,
  /** B's reply rate minus A's, null while either arm has no sends. */
  difference: z.number().nullable(),
  /** 95% interval of the difference (Newcombe's method from the two Wilson intervals). */
  differenceLow: z.number().nullable(),
  differenceHigh: z.number().nullable(),
  method: z.literal('newcombe-wilson'),
  /** True when the interval excludes zero. */
  certain: z.boolean(),
  /**
   * Sends per arm that would tell the two apart at the difference seen so far (95% confidence,
   * 80% power); null when the rates are equal or an arm has no sends.
   */
  sendsNeededPerArm: z.number().int().nullable(),
  verdict: z.enum(COMPARE_VERDICTS),
  /** The plain sentence: "B replies more often (24% vs 15%); not yet certain." */
  sentence: z.string(),
});
export type CompareResult = z.infer<typeof compareResultSchema>;
