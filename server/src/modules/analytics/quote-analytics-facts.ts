import { sql, type SQL } from 'drizzle-orm';

import { OPEN_QUOTE_STATUSES, QUOTE_STATUSES, type QuoteStatus } from '#contract/quotes';

import type { Database } from '../../db/client.ts';
import { quoteSignatures, quoteStatusEvents, quotes, quoteViews } from '../../db/schema/quotes.ts';
import { templates } from '../../db/schema/templates.ts';
import { queryRows } from './sql-rows.ts';

/**
 * What quote analytics reads: one row per quote created in a window, and the optional lines of
 * the accepted quotes. Two set-based queries, both scoped by the owner on every table they touch.
 *
 * A quote's status is the one a reader sees: an open quote (draft, sent, viewed) whose validity
 * date has passed reads 'expired', as in the quotes list.
 */

export type QuoteFact = {
  id: string;
  /** Created in the period asked for (false: in the period before it, for comparison). */
  inPeriod: boolean;
  currency: string;
  totalMinor: number;
  /** Null when written without a template or when the template was deleted. */
  templateId: string | null;
  templateName: string | null;
  /** The status a reader sees now. */
  status: QuoteStatus;
  /** Every status the history recorded for the quote. */
  history: QuoteStatus[];
  /** The client opened the share page at least once. */
  opened: boolean;
  /** First time the quote was sent (its first 'sent' event, else the sent date it keeps). */
  firstSentAt: Date | null;
  /** When the client accepted or declined it. */
  decidedAt: Date | null;
};

export type QuoteFactsWindow = {
  from: Date;
  to: Date;
  previousFrom: Date;
  previousTo: Date;
  /** Today in UTC (yyyy-mm-dd): open quotes valid until before it read 'expired'. */
  today: string;
};

/** An optional line as offered in accepted quotes, grouped by its label. */
export type OptionalItemFact = { label: string; offered: number; ticked: number };

function instant(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`;
}

function createdIn(from: Date, to: Date): SQL {
  return sql`(q.created_at >= ${instant(from)} and q.created_at < ${instant(to)})`;
}

const openStatuses = sql.join(
  OPEN_QUOTE_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

function isQuoteStatus(value: string): value is QuoteStatus {
  return (QUOTE_STATUSES as readonly string[]).includes(value);
}

function fromSeconds(seconds: number | null): Date | null {
  return seconds === null ? null : new Date(Math.round(seconds * 1000));
}

type QuoteFactRow = {
  id: string;
  in_period: boolean;
  currency: string;
  total_minor: number;
  template_id: string | null;
  template_name: string | null;
  status: string;
  history: string[] | null;
  opened: boolean;
  first_sent_s: number | null;
  decided_s: number | null;
};

/** The user's quotes created in the period or in the one before it. */
export async function quoteFacts(
  db: Database,
  userId: string,
  window: QuoteFactsWindow,
): Promise<QuoteFact[]> {
  const rows = await queryRows<QuoteFactRow>(
    db,
    sql`
      with chosen as (
        select q.id, q.currency, q.total_minor, q.template_id, q.status, q.valid_until, q.sent_at,
               ${createdIn(window.from, window.to)} as in_period
        from ${quotes} q
        where q.user_id = ${userId}
          and (${createdIn(window.from, window.to)}
               or ${createdIn(window.previousFrom, window.previousTo)})
      ),
      history as (
        select e.quote_id,
               jsonb_agg(distinct e.to_status) as statuses,
               min(e.created_at) filter (where e.to_status = 'sent') as first_sent,
               min(e.created_at) filter (where e.to_status in ('accepted', 'declined')) as decided
        from ${quoteStatusEvents} e
        join chosen c on c.id = e.quote_id
        where e.user_id = ${userId}
        group by e.quote_id
      ),
      opened as (
        select distinct v.quote_id
        from ${quoteViews} v
        join chosen c on c.id = v.quote_id
        where v.user_id = ${userId}
      )
      select c.id,
             c.in_period,
             c.currency,
             c.total_minor::float8 as total_minor,
             tp.id as template_id,
             tp.name as template_name,
             case when c.status in (${openStatuses}) and c.valid_until < ${window.today}::date
                  then 'expired' else c.status end as status,
             h.statuses as history,
             (o.quote_id is not null) as opened,
             extract(epoch from coalesce(h.first_sent, c.sent_at))::float8 as first_sent_s,
             extract(epoch from h.decided)::float8 as decided_s
      from chosen c
      left join history h on h.quote_id = c.id
      left join opened o on o.quote_id = c.id
      left join ${templates} tp on tp.id = c.template_id and tp.user_id = ${userId}
      order by c.id
    `,
  );
  return rows.map((row) => ({
    id: row.id,
    inPeriod: row.in_period,
    currency: row.currency,
    totalMinor: Number(row.total_minor),
    templateId: row.template_id,
    templateName: row.template_name,
    status: isQuoteStatus(row.status) ? row.status : 'draft',
    history: (row.history ?? []).filter(isQuoteStatus),
    opened: row.opened,
    firstSentAt: fromSeconds(row.first_sent_s),
    decidedAt: fromSeconds(row.decided_s),
  }));
}

type OptionalItemRow = { label: string; offered: number; ticked: number };

/**
 * The optional lines of the accepted quotes created in [from, to), as the client answered them
 * (the document kept with the acceptance), grouped by label ignoring case and outer spaces. The
 * label shown is the spelling used most often.
 */
export async function optionalItemFacts(
  db: Database,
  userId: string,
  window: { from: Date; to: Date },
): Promise<OptionalItemFact[]> {
  const rows = await queryRows<OptionalItemRow>(
    db,
    sql`
      with lines as (
        select btrim(item->>'label') as label,
               coalesce(item->>'selected' = 'true', false) as ticked
        from ${quoteSignatures} s
        join ${quotes} q on q.id = s.quote_id and q.user_id = ${userId}
        cross join lateral jsonb_array_elements(
          case when jsonb_typeof(s.document->'lineItems') = 'array'
               then s.document->'lineItems' else '[]'::jsonb end
        ) as item
        where s.user_id = ${userId}
          and s.decision = 'accepted'
          and ${createdIn(window.from, window.to)}
          and item->>'optional' = 'true'
      )
      select mode() within group (order by label) as label,
             count(*)::int as offered,
             (count(*) filter (where ticked))::int as ticked
      from lines
      where label <> ''
      group by lower(label)
    `,
  );
  return rows.map((row) => ({
    label: row.label,
    offered: Number(row.offered),
    ticked: Number(row.ticked),
  }));
}
