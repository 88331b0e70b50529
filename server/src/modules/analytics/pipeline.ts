import { sql, type SQL } from 'drizzle-orm';

import type { KpiMoney, KpiNumber } from '#contract/dashboard';
import { LEAD_STAGES, STAGE_PROBABILITY } from '#contract/leads';

import type { Database } from '../../db/client.ts';
import { leadEvents, leads } from '../../db/schema/leads.ts';
import { quoteStatusEvents, quotes } from '../../db/schema/quotes.ts';
import { addTo, moneyTotalsOf, queryRows } from './sql-rows.ts';

/**
 * What was open at the end of each period, read from the history: the stage of every lead and
 * the status of every quote as it stood then, so the previous period is compared with what it
 * was at the time (with today's lead values).
 *
 * Open pipeline: leads not deleted, created before the instant, whose stage then was neither won
 * nor lost, each worth its value x its probability. The probability is the lead's own while the
 * stage then is still its stage now; for a stage it has since left, the stage's usual
 * probability. Quotes awaiting a decision: created before the instant, sent or viewed then, and
 * not yet past their validity date (an open quote reads expired the day after it).
 */

/** The two instants each figure is read at: the end of the period and of the previous one. */
export type AsAt = { current: Date; previous: Date };

/** A stage's usual probability in SQL. */
function stageProbability(stage: SQL) {
  return sql`case ${sql.join(
    LEAD_STAGES.map((name) => sql`when ${stage} = ${name} then ${STAGE_PROBABILITY[name]}::int`),
    sql` `,
  )} else 0 end`;
}

/** The instants as a two-row table (which, at) to join against. */
function instants(asAt: AsAt) {
  return sql`(values ('current', ${asAt.current.toISOString()}::timestamptz),
                     ('previous', ${asAt.previous.toISOString()}::timestamptz)) as at(which, instant)`;
}

type PipelineRow = { which: 'current' | 'previous'; currency: string; weighted: string };

/** Open pipeline value per currency at both instants: one query. */
export async function pipelineValue(db: Database, userId: string, asAt: AsAt): Promise<KpiMoney> {
  // The stage at the instant: the last stage the history reached by then; for a lead whose
  // history starts later, the stage its first change left; for a lead with no history, its own.
  const rows = await queryRows<PipelineRow>(
    db,
    sql`
      with staged as (
        select at.which, l.currency, l.value_minor, l.probability, l.stage as stage_now,
               coalesce(reached.to_stage, left_stage.from_stage, l.stage) as stage_then
        from ${leads} l
        cross join ${instants(asAt)}
        left join lateral (
          select e.to_stage from ${leadEvents} e
          where e.lead_id = l.id and e.user_id = ${userId} and e.kind in ('created', 'stage')
            and e.to_stage is not null and e.created_at < at.instant
          order by e.created_at desc, e.id desc limit 1
        ) reached on true
        left join lateral (
          select e.from_stage from ${leadEvents} e
          where e.lead_id = l.id and e.user_id = ${userId} and e.kind = 'stage'
            and e.from_stage is not null and e.created_at >= at.instant
          order by e.created_at, e.id limit 1
        ) left_stage on reached.to_stage is null
        where l.user_id = ${userId} and l.deleted_at is null and l.created_at < at.instant
      )
      select which, currency,
             round(sum(value_minor::numeric * case when stage_then = stage_now then probability
                                                  else ${stageProbability(sql`stage_then`)} end)
                   / 100)::text as weighted
      from staged
      where stage_then not in ('won', 'lost')
      group by which, currency
    `,
  );
  const current = new Map<string, number>();
  const previous = new Map<string, number>();
  for (const row of rows) {
    addTo(row.which === 'current' ? current : previous, row.currency, Number(row.weighted));
  }
  return { current: moneyTotalsOf(current), previous: moneyTotalsOf(previous) };
}

type AwaitingRow = { which: 'current' | 'previous'; count: number };

/** Quotes awaiting a decision at both instants: one query. */
export async function quotesAwaiting(db: Database, userId: string, asAt: AsAt): Promise<KpiNumber> {
  const statusThen = sql`coalesce(
    (select e.to_status from ${quoteStatusEvents} e
      where e.quote_id = q.id and e.user_id = ${userId} and e.created_at < at.instant
      order by e.created_at desc, e.id desc limit 1),
    case when exists (select 1 from ${quoteStatusEvents} e
                       where e.quote_id = q.id and e.user_id = ${userId})
         then 'draft' else q.status end)`;
  const rows = await queryRows<AwaitingRow>(
    db,
    sql`
      select at.which, count(*)::int as count
      from ${quotes} q cross join ${instants(asAt)}
      where q.user_id = ${userId} and q.created_at < at.instant
        and q.valid_until >= (at.instant at time zone 'UTC')::date
        and ${statusThen} in ('sent', 'viewed')
      group by at.which
    `,
  );
  const countOf = (which: AwaitingRow['which']) =>
    Number(rows.find((row) => row.which === which)?.count ?? 0);
  return { current: countOf('current'), previous: countOf('previous') };
}
