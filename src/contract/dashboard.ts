import { z } from 'zod';

import { moneyTotalsSchema, resolvedRangeSchema } from './analytics-range.ts';
import { leadStageSchema } from './leads.ts';
import { quoteStatusSchema } from './quotes.ts';

/**
 * GET /api/analytics/dashboard?from=&to=&tz=: the KPIs of a period beside the period before it,
 * the data of the three charts, the four lists, and, for a user with nothing sent or earned yet,
 * the first-steps checklist the page shows instead of zeros.
 *
 * Rates are fractions 0..1 and null when there is nothing to divide by (no sends, no replies).
 * "Reached" counts a response once at the furthest stage it ever got to, from its status history,
 * so a response that was replied and later declined still counts as replied.
 */

/** A count or rate now and in the previous period. */
export const kpiNumberSchema = z.object({
  current: z.number().nullable(),
  previous: z.number().nullable(),
});
export type KpiNumber = z.infer<typeof kpiNumberSchema>;

/** Money now and in the previous period, per currency. */
export const kpiMoneySchema = z.object({
  current: moneyTotalsSchema,
  previous: moneyTotalsSchema,
});
export type KpiMoney = z.infer<typeof kpiMoneySchema>;

export const dashboardKpisSchema = z.object({
  /** Responses whose sent time falls in the period. */
  responsesSent: kpiNumberSchema,
  /** Of those, the share that reached replied (or interview, or hired). */
  replyRate: kpiNumberSchema,
  interviewRate: kpiNumberSchema,
  hireRate: kpiNumberSchema,
  /** Connects of the responses sent in the period. */
  connectsSpent: kpiNumberSchema,
  connectsPerReply: kpiNumberSchema,
  connectsPerHire: kpiNumberSchema,
  /** Connects x their price (USD minor units). */
  costPerReplyMinor: kpiNumberSchema,
  costPerHireMinor: kpiNumberSchema,
  /** Income minus Upwork fees, refunds and expenses dated in the period. */
  earnings: kpiMoneySchema,
  /** Open leads (not won, not lost) x their probability, as at the end of each period. */
  pipelineValue: kpiMoneySchema,
  /** Quotes sent or viewed and not yet accepted, declined or expired, at the end of each period. */
  quotesAwaiting: kpiNumberSchema,
});
export type DashboardKpis = z.infer<typeof dashboardKpisSchema>;
export type DashboardKpiKey = keyof DashboardKpis;

/** One bucket of the earnings chart, in the chart's currency. */
export const earningsPointSchema = z.object({
  /** Start of the bucket (a day, an ISO week from Monday, or a month) as yyyy-mm-dd in tz. */
  start: z.iso.date(),
  incomeMinor: z.number().int(),
  /** Fees, refunds and expenses, as a positive amount. */
  deductionsMinor: z.number().int(),
  netMinor: z.number().int(),
});
export type EarningsPoint = z.infer<typeof earningsPointSchema>;

export const FUNNEL_STAGES = ['sent', 'viewed', 'replied', 'interview', 'hired'] as const;
export const funnelStageSchema = z.enum(FUNNEL_STAGES);
export type FunnelStage = z.infer<typeof funnelStageSchema>;
export const FUNNEL_STAGE_LABELS: Record<FunnelStage, string> = {
  sent: 'Sent',
  viewed: 'Viewed',
  replied: 'Replied',
  interview: 'Interview',
  hired: 'Hired',
};

/** Responses of the period that reached each stage (each stage includes the later ones). */
export const funnelStepSchema = z.object({ stage: funnelStageSchema, count: z.number().int() });
export type FunnelStep = z.infer<typeof funnelStepSchema>;

export const weeklyReplyRateSchema = z.object({
  /** Monday of the week, yyyy-mm-dd in tz. */
  weekStart: z.iso.date(),
  sent: z.number().int(),
  replied: z.number().int(),
  /** replied / sent, null for a week with no sends. */
  rate: z.number().nullable(),
});
export type WeeklyReplyRate = z.infer<typeof weeklyReplyRateSchema>;

export const EARNINGS_BUCKETS = ['day', 'week', 'month'] as const;

export const dashboardChartsSchema = z.object({
  earnings: z.object({
    /** day up to 31 days, week up to 190 days, month beyond. */
    bucket: z.enum(EARNINGS_BUCKETS),
    /** The currency earned most in the period (the profile's when nothing was earned). */
    currency: z.string(),
    points: z.array(earningsPointSchema),
    /** Net earnings of the period in other currencies, which the chart does not draw. */
    otherCurrencies: moneyTotalsSchema,
  }),
  funnel: z.array(funnelStepSchema),
  replyRateByWeek: z.array(weeklyReplyRateSchema),
});
export type DashboardCharts = z.infer<typeof dashboardChartsSchema>;

/** Unapplied, unhidden jobs seen in the last 7 days, by expected value per Connect. */
export const dashboardJobSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  worthPerConnectMinor: z.number().int(),
  currency: z.string(),
  fit: z.number().int().nullable(),
  verdict: z.enum(['apply', 'maybe', 'skip']).nullable(),
  postedAt: z.iso.datetime().nullable(),
});
export type DashboardJob = z.infer<typeof dashboardJobSchema>;

/** Leads whose next action is due before the end of today (tz), oldest due first. */
export const dashboardDueLeadSchema = z.object({
  id: z.uuid(),
  contactName: z.string(),
  company: z.string(),
  stage: leadStageSchema,
  nextAction: z.string(),
  nextActionDue: z.iso.datetime(),
});
export type DashboardDueLead = z.infer<typeof dashboardDueLeadSchema>;

/** Message rooms with unread messages, newest first. */
export const dashboardUnreadRoomSchema = z.object({
  roomId: z.uuid(),
  title: z.string(),
  unread: z.number().int(),
  lastMessageAt: z.iso.datetime().nullable(),
  lastMessage: z.string(),
});
export type DashboardUnreadRoom = z.infer<typeof dashboardUnreadRoomSchema>;

/** Quotes the client opened and has not decided on, most recently viewed first. */
export const dashboardViewedQuoteSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  clientName: z.string(),
  status: quoteStatusSchema,
  totalMinor: z.number().int(),
  currency: z.string(),
  views: z.number().int(),
  lastViewedAt: z.iso.datetime().nullable(),
});
export type DashboardViewedQuote = z.infer<typeof dashboardViewedQuoteSchema>;

/** Each list: the first few rows and how many there are in all. */
function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}

export const DASHBOARD_LIST_LIMIT = 5;

export const dashboardListsSchema = z.object({
  bestJobs: listOf(dashboardJobSchema),
  dueLeads: listOf(dashboardDueLeadSchema),
  unreadRooms: listOf(dashboardUnreadRoomSchema),
  viewedQuotes: listOf(dashboardViewedQuoteSchema),
});
export type DashboardLists = z.infer<typeof dashboardListsSchema>;

export const CHECKLIST_STEPS = ['profile', 'portfolio', 'upwork', 'response'] as const;
export const checklistStepSchema = z.object({
  step: z.enum(CHECKLIST_STEPS),
  done: z.boolean(),
});
export type ChecklistStep = z.infer<typeof checklistStepSchema>;

export const dashboardSchema = z.object({
  range: resolvedRangeSchema,
  /** False until the user has sent a response, recorded a transaction, or sent a quote. */
  hasData: z.boolean(),
  /** The first steps, in order; shown instead of the KPIs while hasData is false. */
  checklist: z.array(checklistStepSchema),
  kpis: dashboardKpisSchema,
  charts: dashboardChartsSchema,
  lists: dashboardListsSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;
