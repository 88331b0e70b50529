import { sql } from 'drizzle-orm';

import {
  DASHBOARD_LIST_LIMIT,
  type DashboardDueLead,
  type DashboardJob,
  type DashboardLists,
  type DashboardUnreadRoom,
  type DashboardViewedQuote,
} from '#contract/dashboard';
import type { JobVerdict } from '#contract/jobs';
import type { LeadStage } from '#contract/leads';
import type { QuoteStatus } from '#contract/quotes';

import type { Database } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { leads } from '../../db/schema/leads.ts';
import { messageRooms, messages } from '../../db/schema/messages.ts';
import { quoteViews, quotes } from '../../db/schema/quotes.ts';
import { addDays, localDateOf } from './local-dates.ts';
import { queryRows } from './sql-rows.ts';

/**
 * The four lists of the dashboard, each its first DASHBOARD_LIST_LIMIT rows and how many there
 * are in all (one query per list; the count is taken before the limit):
 * - best new jobs: not hidden, applied to or acted on, fetched or posted in the last 7 days,
 *   scored and not judged 'skip', highest expected value per Connect first;
 * - leads whose next action is due before the end of today in the user's time zone, still open
 *   (not won, lost or deleted), the longest overdue first;
 * - message rooms with unread messages, newest first, with the last message's text;
 * - quotes the client opened and has not decided on (viewed, not past their validity date),
 *   with how many times they were opened, the most recently opened first.
 */

const NEW_JOB_DAYS = 7;
const DAY_MS = 86_400_000;

type Counted = { total: number };

function listOf<Row extends Counted, Item>(rows: Row[], toItem: (row: Row) => Item) {
  return { items: rows.map(toItem), total: Number(rows[0]?.total ?? 0) };
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

type JobRow = Counted & {
  id: string;
  title: string;
  worth: number;
  currency: string;
  fit: number | null;
  verdict: JobVerdict | null;
  posted_at: Date | string | null;
};

async function bestJobs(db: Database, userId: string, now: Date) {
  const since = new Date(now.getTime() - NEW_JOB_DAYS * DAY_MS).toISOString();
  const rows = await queryRows<JobRow>(
    db,
    sql`
      select j.id, j.title, j.worth_per_connect_minor as worth, j.currency, j.fit_score as fit,
             j.verdict, j.posted_at, count(*) over ()::int as total
      from ${jobs} j
      where j.user_id = ${userId} and j.hidden_at is null and j.applied_at is null
        and j.acted_at is null and j.worth_per_connect_minor is not null
        and j.verdict is distinct from 'skip'
        and (j.fetched_at >= ${since}::timestamptz or j.posted_at >= ${since}::timestamptz)
      order by j.worth_per_connect_minor desc, j.posted_at desc nulls last, j.id
      limit ${DASHBOARD_LIST_LIMIT}
    `,
  );
  return listOf(rows, (row): DashboardJob => ({
    id: row.id,
    title: row.title,
    worthPerConnectMinor: Number(row.worth),
    currency: row.currency,
    fit: row.fit === null ? null : Number(row.fit),
    verdict: row.verdict,
    postedAt: iso(row.posted_at),
  }));
}

type LeadRow = Counted & {
  id: string;
  contact_name: string;
  company: string;
  stage: LeadStage;
  next_action: string;
  next_action_due: Date | string;
};

async function dueLeads(db: Database, userId: string, now: Date, tz: string) {
  const tomorrow = addDays(localDateOf(now, tz), 1);
  const rows = await queryRows<LeadRow>(
    db,
    sql`
      select l.id, l.contact_name, l.company, l.stage, l.next_action, l.next_action_due,
             count(*) over ()::int as total
      from ${leads} l
      where l.user_id = ${userId} and l.deleted_at is null and l.stage not in ('won', 'lost')
        and l.next_action_due < (${tomorrow}::date::timestamp at time zone ${tz})
      order by l.next_action_due, l.id
      limit ${DASHBOARD_LIST_LIMIT}
    `,
  );
  return listOf(rows, (row): DashboardDueLead => ({
    id: row.id,
    contactName: row.contact_name,
    company: row.company,
    stage: row.stage,
    nextAction: row.next_action,
    nextActionDue: new Date(row.next_action_due).toISOString(),
  }));
}

type RoomRow = Counted & {
  id: string;
  title: string;
  unread: number;
  last_message_at: Date | string | null;
  last_message: string | null;
};

async function unreadRooms(db: Database, userId: string) {
  const rows = await queryRows<RoomRow>(
    db,
    sql`
      with unread as (
        select r.id, coalesce(nullif(r.name, ''), nullif(r.client_name, ''), 'Conversation') as title,
               r.unread, r.last_message_at, r.latest_preview, count(*) over ()::int as total
        from ${messageRooms} r
        where r.user_id = ${userId} and r.unread > 0
        order by r.last_message_at desc nulls last, r.id
        limit ${DASHBOARD_LIST_LIMIT}
      )
      select u.id, u.title, u.unread, u.last_message_at, u.total,
             coalesce(
               (select m.body from ${messages} m
                 where m.room_id = u.id and m.user_id = ${userId}
                 order by m.sent_at desc, m.id desc limit 1),
               u.latest_preview) as last_message
      from unread u
      order by u.last_message_at desc nulls last, u.id
    `,
  );
  return listOf(rows, (row): DashboardUnreadRoom => ({
    roomId: row.id,
    title: row.title,
    unread: Number(row.unread),
    lastMessageAt: iso(row.last_message_at),
    lastMessage: row.last_message ?? '',
  }));
}

type QuoteRow = Counted & {
  id: string;
  title: string;
  client_name: string;
  status: QuoteStatus;
  total_minor: number | string;
  currency: string;
  views: number;
  last_viewed_at: Date | string | null;
};

async function viewedQuotes(db: Database, userId: string, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const rows = await queryRows<QuoteRow>(
    db,
    sql`
      select q.id, q.title, q.client_name, q.status, q.total_minor, q.currency,
             coalesce(v.views, 0)::int as views, v.last_viewed_at,
             count(*) over ()::int as total
      from ${quotes} q
      left join lateral (
        select count(*) as views, max(qv.created_at) as last_viewed_at
        from ${quoteViews} qv
        where qv.quote_id = q.id and qv.user_id = ${userId}
      ) v on true
      where q.user_id = ${userId} and q.status = 'viewed' and q.valid_until >= ${today}::date
      order by v.last_viewed_at desc nulls last, q.status_changed_at desc, q.id
      limit ${DASHBOARD_LIST_LIMIT}
    `,
  );
  return listOf(rows, (row): DashboardViewedQuote => ({
    id: row.id,
    title: row.title,
    clientName: row.client_name,
    status: row.status,
    totalMinor: Number(row.total_minor),
    currency: row.currency,
    views: Number(row.views),
    lastViewedAt: iso(row.last_viewed_at),
  }));
}

export async function dashboardLists(
  db: Database,
  userId: string,
  now: Date,
  tz: string,
): Promise<DashboardLists> {
  const [jobsList, leadsList, roomsList, quotesList] = await Promise.all([
    bestJobs(db, userId, now),
    dueLeads(db, userId, now, tz),
    unreadRooms(db, userId),
    viewedQuotes(db, userId, now),
  ]);
  return {
    bestJobs: jobsList,
    dueLeads: leadsList,
    unreadRooms: roomsList,
    viewedQuotes: quotesList,
  };
}
