import { sql, type SQL } from 'drizzle-orm';

import type { MoneyTotals } from '#contract/analytics-range';
import { FUNNEL_STAGES, type FunnelStage, type FunnelStep } from '#contract/dashboard';
import type { BID_BUCKETS } from '#contract/response-analytics';
import { TRANSACTION_SIGN, type TransactionKind } from '#contract/transactions';

import type { Database } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { contracts, leadLinks } from '../../db/schema/leads.ts';
import { portfolioItems } from '../../db/schema/portfolio.ts';
import { responseCitations, responseStatusEvents, responses } from '../../db/schema/responses.ts';
import { templates } from '../../db/schema/templates.ts';
import { transactions } from '../../db/schema/transactions.ts';
import { queryRows } from './sql-rows.ts';

/**
 * One row per response sent in a window, with everything the response reports cut by: how far
 * it got, what it cost, which template and variant wrote it, the job it answered (category, bid
 * against the budget), when it was sent in the user's time zone, the portfolio items it cited and
 * the money it brought.
 *
 * How far a response got is the furthest funnel stage it ever reached, from its status history
 * and its current status: a response that was replied to and later declined still counts as
 * replied. Declined and archived add nothing.
 *
 * The money a response brought is the net (income less fees and refunds) of the transactions on
 * the contracts of the lead it opened: the lead's earliest sent response among those linked to
 * it. Later responses to the same lead get none, so money is never counted twice.
 */

export type BidBucket = (typeof BID_BUCKETS)[number];

export type ResponseFact = {
  id: string;
  sentAt: Date;
  /** The furthest funnel stage ever reached. */
  reached: FunnelStage;
  connects: number;
  templateId: string | null;
  templateName: string | null;
  variant: 'A' | 'B';
  fitScore: number | null;
  /** The linked job's category; null without a job or a category. */
  category: string | null;
  bidBucket: BidBucket;
  /** 0-23, in the window's time zone. */
  hourLocal: number;
  /** 1 = Monday .. 7 = Sunday, in the window's time zone. */
  weekdayLocal: number;
  /** The Monday of the week sent, yyyy-mm-dd in the window's time zone. */
  weekStartLocal: string;
  portfolioItems: Array<{ id: string; title: string }>;
  /** Net revenue attributed to this response, per currency, largest first. */
  revenue: MoneyTotals;
};

export type FactsWindow = { from: Date; to: Date; tz: string };

/** A bid under 90% of the budget is below it, over 110% above it, in between near it. */
const BID_NEAR_LOW = 0.9;
const BID_NEAR_HIGH = 1.1;

/** A status's funnel rank in SQL: sent 1 .. hired 5; draft, declined and archived 0. */
export function stageRank(column: SQL): SQL<number> {
  return sql<number>`case ${sql.join(
    FUNNEL_STAGES.map((stage, index) => sql`when ${column} = ${stage} then ${index + 1}::int`),
    sql` `,
  )} else 0 end`;
}

/** The signed amount of a transaction in SQL: + income, - fees, refunds and expenses, 0 else. */
const signedAmount = sql`case ${sql.join(
  (Object.entries(TRANSACTION_SIGN) as Array<[TransactionKind, number]>).map(
    ([kind, sign]) => sql`when t.kind = ${kind} then ${sign}::int`,
  ),
  sql` `,
)} else 0 end * t.amount_minor`;

type FactRow = {
  id: string;
  sent_at_ms: number;
  rank: number;
  connects: number | null;
  template_id: string | null;
  template_name: string | null;
  variant: string;
  fit_score: number | null;
  category: string | null;
  bid_minor: number | null;
  bid_currency: string;
  job_type: string | null;
  job_currency: string | null;
  budget_minor: number | null;
  hourly_minor: number | null;
  hour_local: number;
  weekday_local: number;
  week_start_local: string;
  portfolio: Array<{ id: string; title: string }> | null;
  revenue: Array<{ currency: string; amountMinor: number | string }> | null;
};

/**
 * The user's responses sent in [from, to) and not deleted, oldest first, in one query. Each
 * response's history, citations and money are looked up through their indexes (status events
 * by user and response, citations by user and response, lead links by target, contracts by lead,
 * transactions by contract). Lookups per response keep the plan fast without table statistics,
 * which PGlite never gathers on its own: joins of grouped sets were faster on PostgreSQL with
 * statistics but took seconds on PGlite without them (docs/decisions/0012).
 */
export async function sentResponseFacts(
  db: Database,
  userId: string,
  window: FactsWindow,
): Promise<ResponseFact[]> {
  const local = sql`s.sent_at at time zone ${window.tz}`;
  const rows = await queryRows<FactRow>(
    db,
    sql`
      select s.id,
             (extract(epoch from s.sent_at) * 1000)::float8 as sent_at_ms,
             greatest(1, ${stageRank(sql`s.status`)}, coalesce(h.rank, 0)) as rank,
             s.connects,
             s.template_id,
             tp.name as template_name,
             s.variant,
             s.fit_score_at_send as fit_score,
             nullif(trim(j.category), '') as category,
             s.bid_minor::float8 as bid_minor,
             s.currency as bid_currency,
             j.job_type,
             j.currency as job_currency,
             coalesce(j.budget_max_minor, j.budget_min_minor)::float8 as budget_minor,
             coalesce(j.hourly_max_minor, j.hourly_min_minor)::float8 as hourly_minor,
             extract(hour from ${local})::int as hour_local,
             extract(isodow from ${local})::int as weekday_local,
             to_char(date_trunc('week', ${local}), 'YYYY-MM-DD') as week_start_local,
             cited.items as portfolio,
             earned.money as revenue
      from ${responses} s
      left join ${templates} tp on tp.id = s.template_id and tp.user_id = ${userId}
      left join ${jobs} j on j.id = s.job_id and j.user_id = ${userId}
      left join lateral (
        select max(${stageRank(sql`e.to_status`)}) as rank
        from ${responseStatusEvents} e
        where e.user_id = ${userId} and e.response_id = s.id
      ) h on true
      left join lateral (
        select jsonb_agg(
                 jsonb_build_object('id', c.portfolio_item_id, 'title', coalesce(p.title, c.title))
                 order by coalesce(p.title, c.title), c.portfolio_item_id) as items
        from ${responseCitations} c
        left join ${portfolioItems} p on p.id = c.portfolio_item_id and p.user_id = ${userId}
        where c.user_id = ${userId} and c.response_id = s.id
      ) cited on true
      left join lateral (
        select jsonb_agg(jsonb_build_object('currency', m.currency, 'amountMinor', m.amount)
                         order by m.amount desc, m.currency) as money
        from (
          select t.currency, sum(${signedAmount}) as amount
          from ${leadLinks} l
          join ${contracts} k on k.lead_id = l.lead_id and k.user_id = ${userId}
          join ${transactions} t on t.contract_id = k.id and t.user_id = ${userId}
            and t.deleted_at is null
          where l.user_id = ${userId} and l.kind = 'response' and l.target_id = s.id
            -- Only the lead's opening response: no sent response linked to it came earlier.
            and not exists (
              select 1
              from ${leadLinks} earlier
              join ${responses} r on r.id = earlier.target_id and r.user_id = ${userId}
                and r.deleted_at is null and r.sent_at is not null
              where earlier.lead_id = l.lead_id and earlier.kind = 'response'
                and (r.sent_at, r.id) < (s.sent_at, s.id)
            )
          group by t.currency
        ) m
        where m.amount <> 0
      ) earned on true
      where s.user_id = ${userId} and s.deleted_at is null
        and s.sent_at >= ${window.from.toISOString()}::timestamptz
        and s.sent_at < ${window.to.toISOString()}::timestamptz
      order by s.sent_at, s.id
    `,
  );
  return rows.map(toFact);
}

function toFact(row: FactRow): ResponseFact {
  const rank = Math.min(Math.max(Number(row.rank), 1), FUNNEL_STAGES.length);
  return {
    id: row.id,
    sentAt: new Date(Number(row.sent_at_ms)),
    reached: FUNNEL_STAGES[rank - 1] ?? 'sent',
    connects: row.connects ?? 0,
    templateId: row.template_id,
    templateName: row.template_id ? (row.template_name ?? null) : null,
    variant: row.variant === 'B' ? 'B' : 'A',
    fitScore: row.fit_score,
    category: row.category,
    bidBucket: bidBucketOf(row),
    hourLocal: Number(row.hour_local),
    weekdayLocal: Number(row.weekday_local),
    weekStartLocal: row.week_start_local,
    portfolioItems: row.portfolio ?? [],
    revenue: (row.revenue ?? []).map((money) => ({
      currency: money.currency,
      amountMinor: Number(money.amountMinor),
    })),
  };
}

/**
 * The bid against the job's budget: fixed jobs against the budget (its maximum, else its
 * minimum), hourly jobs against the hourly range the same way. Unknown without a bid, a budget,
 * or when the bid is in another currency than the job.
 */
function bidBucketOf(row: FactRow): BidBucket {
  if (row.bid_minor === null || row.job_type === null) return 'unknown';
  if (row.job_currency !== row.bid_currency) return 'unknown';
  const budget =
    row.job_type === 'hourly'
      ? row.hourly_minor
      : row.job_type === 'fixed'
        ? row.budget_minor
        : (row.budget_minor ?? row.hourly_minor);
  if (budget === null || budget <= 0) return 'unknown';
  const ratio = Number(row.bid_minor) / Number(budget);
  if (ratio < BID_NEAR_LOW) return 'below';
  if (ratio > BID_NEAR_HIGH) return 'above';
  return 'near';
}

const STAGE_RANK: Record<FunnelStage, number> = Object.fromEntries(
  FUNNEL_STAGES.map((stage, index) => [stage, index]),
) as Record<FunnelStage, number>;

/** True when the response got at least as far as `stage` (hired counts as replied, too). */
export function reachedAtLeast(fact: ResponseFact, stage: FunnelStage): boolean {
  return STAGE_RANK[fact.reached] >= STAGE_RANK[stage];
}

/** The five funnel stages with how many responses reached each (each includes the later ones). */
export function funnelOf(facts: ResponseFact[]): FunnelStep[] {
  return FUNNEL_STAGES.map((stage) => ({
    stage,
    count: facts.filter((fact) => reachedAtLeast(fact, stage)).length,
  }));
}
