import { FileText, MessageSquareText, UserPlus, Users } from 'lucide-react';
import { Link } from 'react-router-dom';

import { FormAlert } from '@/components/ui/form-feedback';
import { buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import type { RoomContext } from '@/contract/messages';
import { apiErrorMessage } from '@/lib/api-error-message';

import { useCreateRoomLeadMutation } from './messages.api';

const linkClass =
  'inline-flex items-center gap-1.5 font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300';

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The thread's context: its lead (or "Create lead"), and the response and quote sent to this client. */
export function RoomContextPanel({ roomId, context }: { roomId: string; context: RoomContext }) {
  const [createLead, creating] = useCreateRoomLeadMutation();
  const error = creating.isError
    ? apiErrorMessage(creating.error, 'Could not create the lead. Try again.')
    : null;

  return (
    <section
      aria-label="Conversation details"
      className="space-y-2 border-b border-slate-200 px-4 py-3 text-sm dark:border-slate-800"
    >
      <ul className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <li className="flex items-center gap-2">
          <Users className="size-4 text-slate-500" aria-hidden="true" />
          {context.lead ? (
            <Link to={`${paths.leads}?lead=${context.lead.id}`} className={linkClass}>
              Lead: {context.lead.contactName} ({capitalize(context.lead.stage)})
            </Link>
          ) : (
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={creating.isLoading}
              onClick={() => void createLead(roomId)}
            >
              <UserPlus className="size-4" aria-hidden="true" />
              {creating.isLoading ? 'Creating lead…' : 'Create lead'}
            </button>
          )}
        </li>
        <li className="flex items-center gap-2">
          <MessageSquareText className="size-4 text-slate-500" aria-hidden="true" />
          {context.response ? (
            <Link to={`${paths.editResponse}?id=${context.response.id}`} className={linkClass}>
              Response: {context.response.jobTitle} ({context.response.status})
            </Link>
          ) : (
            <span className="text-slate-600 dark:text-slate-300">No response linked</span>
          )}
        </li>
        <li className="flex items-center gap-2">
          <FileText className="size-4 text-slate-500" aria-hidden="true" />
          {context.quote ? (
            <Link to={`${paths.editQuote}?id=${context.quote.id}`} className={linkClass}>
              Quote: {context.quote.title} ({context.quote.status})
            </Link>
          ) : (
            <span className="text-slate-600 dark:text-slate-300">No quote linked</span>
          )}
        </li>
      </ul>
      <FormAlert>{error}</FormAlert>
    </section>
  );
}
