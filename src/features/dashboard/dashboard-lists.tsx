import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import type { DashboardLists as Lists } from '@/contract/dashboard';
import { LEAD_STAGE_LABELS } from '@/contract/leads';
import { formatMoney } from '@/contract/money';

/**
 * The four lists of the dashboard: what to act on next. Each row opens the item on its own
 * screen; "View all" opens the screen with every one of them.
 */

const linkClass =
  'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300 break-words';
const metaClass = 'text-xs text-slate-600 dark:text-slate-300';

const when = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function dateText(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : when.format(date);
}

function withParam(path: string, key: string, value: string): string {
  return `${path}?${new URLSearchParams({ [key]: value }).toString()}`;
}

function ListCard({
  id,
  title,
  total,
  shown,
  viewAll,
  empty,
  children,
}: {
  id: string;
  title: string;
  total: number;
  shown: number;
  viewAll: string;
  empty: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        <Link to={viewAll} className={`${linkClass} text-sm`}>
          View all<span className="sr-only"> {title.toLowerCase()}</span>
          {total > shown ? ` (${total})` : null}
        </Link>
      </div>
      {shown === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">{children}</ul>
      )}
    </section>
  );
}

const VERDICT_TEXT = { apply: 'Apply', maybe: 'Maybe', skip: 'Skip' } as const;

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function DashboardLists({ lists }: { lists: Lists }) {
  const { bestJobs, dueLeads, unreadRooms, viewedQuotes } = lists;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <ListCard
        id="dashboard-best-jobs"
        title="Best new jobs"
        total={bestJobs.total}
        shown={bestJobs.items.length}
        viewAll={paths.jobs}
        empty="No new jobs from the last 7 days. Search or sync Upwork on Browse Jobs."
      >
        {bestJobs.items.map((job) => (
          <li key={job.id} className="py-2">
            <Link to={withParam(paths.jobs, 'job', job.id)} className={linkClass}>
              {job.title}
            </Link>
            <p className={metaClass}>
              {formatMoney(job.worthPerConnectMinor, job.currency)} per Connect
              {job.fit !== null ? ` · fit ${job.fit}` : ''}
              {job.verdict ? ` · ${VERDICT_TEXT[job.verdict]}` : ''}
            </p>
          </li>
        ))}
      </ListCard>
      <ListCard
        id="dashboard-due-leads"
        title="Leads due"
        total={dueLeads.total}
        shown={dueLeads.items.length}
        viewAll={withParam(paths.leads, 'due', 'true')}
        empty="No lead has a next action due by the end of today."
      >
        {dueLeads.items.map((lead) => (
          <li key={lead.id} className="py-2">
            <Link to={withParam(paths.leads, 'lead', lead.id)} className={linkClass}>
              {lead.contactName}
              {lead.company ? ` (${lead.company})` : ''}
            </Link>
            <p className={metaClass}>
              {LEAD_STAGE_LABELS[lead.stage]} · {lead.nextAction || 'Next action'} · due{' '}
              {dateText(lead.nextActionDue)}
            </p>
          </li>
        ))}
      </ListCard>
      <ListCard
        id="dashboard-unread-rooms"
        title="Unread messages"
        total={unreadRooms.total}
        shown={unreadRooms.items.length}
        viewAll={paths.messages}
        empty="No unread messages."
      >
        {unreadRooms.items.map((room) => (
          <li key={room.roomId} className="py-2">
            <Link to={withParam(paths.messages, 'room', room.roomId)} className={linkClass}>
              {room.title}
            </Link>
            <p className={metaClass}>
              {room.unread} unread
              {room.lastMessageAt ? ` · ${dateText(room.lastMessageAt)}` : ''}
            </p>
            {room.lastMessage ? (
              <p className="line-clamp-2 text-sm break-words text-slate-700 dark:text-slate-200">
                {room.lastMessage}
              </p>
            ) : null}
          </li>
        ))}
      </ListCard>
      <ListCard
        id="dashboard-viewed-quotes"
        title="Quotes viewed, not decided"
        total={viewedQuotes.total}
        shown={viewedQuotes.items.length}
        viewAll={withParam(paths.quotes, 'status', 'viewed')}
        empty="No quote is waiting on a client who has opened it."
      >
        {viewedQuotes.items.map((quote) => (
          <li key={quote.id} className="py-2">
            <Link to={withParam(paths.editQuote, 'id', quote.id)} className={linkClass}>
              {quote.title || 'Untitled quote'}
            </Link>
            <p className={metaClass}>
              {quote.clientName ? `${quote.clientName} · ` : ''}
              {formatMoney(quote.totalMinor, quote.currency)} · {capitalized(quote.status)} ·{' '}
              {quote.views === 1 ? '1 view' : `${quote.views} views`}
              {quote.lastViewedAt ? `, last ${dateText(quote.lastViewedAt)}` : ''}
            </p>
          </li>
        ))}
      </ListCard>
    </div>
  );
}
