import { Briefcase, FileText, MessagesSquare, ReceiptText } from 'lucide-react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import type { LeadDetail, LeadLink, LeadLinkKind } from '@/contract/leads';

import { formatCalendarDay, leadValueText } from './leads-format';

const LINK_KINDS: Record<
  LeadLinkKind,
  { label: string; icon: typeof Briefcase; href: (id: string) => string }
> = {
  job: { label: 'Job', icon: Briefcase, href: (id) => `${paths.jobs}?job=${id}` },
  response: { label: 'Response', icon: FileText, href: (id) => `${paths.editResponse}?id=${id}` },
  quote: { label: 'Quote', icon: ReceiptText, href: (id) => `${paths.editQuote}?id=${id}` },
  room: { label: 'Thread', icon: MessagesSquare, href: (id) => `${paths.messages}?room=${id}` },
};

/** Where a link leads in the app. */
export const leadLinkHref = (link: Pick<LeadLink, 'kind' | 'targetId'>): string =>
  LINK_KINDS[link.kind].href(link.targetId);

/** The lead's job, responses, quotes and message thread, each opening its own screen. */
export function LeadLinks({ links }: { links: readonly LeadLink[] }) {
  return (
    <section aria-labelledby="lead-links-heading" className="space-y-2">
      <h3 id="lead-links-heading" className="text-base font-semibold">
        Linked
      </h3>
      {links.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No job, response, quote or thread is linked yet.
        </p>
      ) : (
        <ul className="space-y-1">
          {links.map((link) => {
            const kind = LINK_KINDS[link.kind];
            const Icon = kind.icon;
            return (
              <li key={`${link.kind}:${link.targetId}`} className="flex items-center gap-2 text-sm">
                <Icon
                  className="size-4 shrink-0 text-slate-500 dark:text-slate-400"
                  aria-hidden="true"
                />
                <span className="text-slate-600 dark:text-slate-300">{kind.label}:</span>
                <Link
                  to={leadLinkHref(link)}
                  className="min-w-0 truncate text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                >
                  {link.title || kind.label}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** After conversion: the client and its contracts. */
export function LeadClient({ detail }: { detail: LeadDetail }) {
  if (!detail.client) return null;
  return (
    <section
      aria-labelledby="lead-client-heading"
      className="space-y-2 rounded-lg border border-emerald-300 bg-emerald-50 p-3 dark:border-emerald-800 dark:bg-emerald-950"
    >
      <h3 id="lead-client-heading" className="text-base font-semibold">
        Client: {detail.client.name}
      </h3>
      {detail.contracts.length === 0 ? (
        <p className="text-sm">No contract yet.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {detail.contracts.map((contract) => (
            <li key={contract.id}>
              <span className="font-medium">{contract.title}</span> ·{' '}
              {contract.type === 'hourly' ? 'Hourly' : 'Fixed price'}{' '}
              {leadValueText(contract.amountMinor, contract.currency)}
              {contract.type === 'hourly' ? ' an hour' : ''} · starts{' '}
              {formatCalendarDay(contract.startDate)}
              {contract.upworkContractId ? ' · Upwork contract' : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
