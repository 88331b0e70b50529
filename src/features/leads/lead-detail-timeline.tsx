import { useId, useState } from 'react';

import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-feedback';
import { buttonClass, inputClass } from '@/components/ui/page';
import { LEAD_NOTE_MAX, LEAD_STAGE_LABELS, type LeadEvent } from '@/contract/leads';
import { apiErrorMessage } from '@/lib/api-error-message';

import { useAddLeadNoteMutation } from './leads.api';
import { formatDateTime } from './leads-format';

const KIND_LABELS: Record<LeadEvent['kind'], string> = {
  created: 'Created',
  stage: 'Stage',
  note: 'Note',
  updated: 'Updated',
  linked: 'Linked',
  message: 'Message',
  converted: 'Converted',
};

function eventText(event: LeadEvent): string {
  if (event.kind === 'stage' && event.toStage) {
    const from = event.fromStage ? `${LEAD_STAGE_LABELS[event.fromStage]} → ` : '';
    return event.body || `${from}${LEAD_STAGE_LABELS[event.toStage]}`;
  }
  return event.body;
}

/** Add a note: it joins the timeline at once. */
function NoteForm({ leadId }: { leadId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [addNote, state] = useAddLeadNoteMutation();
  const save = async () => {
    const body = text.trim();
    if (!body) {
      setError('Write the note first');
      return;
    }
    const result = await addNote({ id: leadId, body });
    if ('error' in result)
      setError(apiErrorMessage(result.error, 'Could not add the note. Try again.'));
    else {
      setError(null);
      setText('');
    }
  };
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field id={`${id}-note`} label="Add a note">
        <textarea
          className={`${inputClass} min-h-20`}
          value={text}
          maxLength={LEAD_NOTE_MAX}
          onChange={(event) => setText(event.target.value)}
        />
      </Field>
      <FormAlert>{error}</FormAlert>
      <button type="submit" className={buttonClass.secondary} disabled={state.isLoading}>
        {state.isLoading ? 'Adding…' : 'Add note'}
      </button>
    </form>
  );
}

/** The notes timeline, newest first: every stage change, note, link and message, with its time. */
export function LeadTimeline({ leadId, events }: { leadId: string; events: readonly LeadEvent[] }) {
  return (
    <section aria-labelledby="lead-timeline-heading" className="space-y-3">
      <h3 id="lead-timeline-heading" className="text-base font-semibold">
        Timeline
      </h3>
      <NoteForm leadId={leadId} />
      {events.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Nothing has happened yet.</p>
      ) : (
        <ol className="space-y-2 border-l border-slate-200 pl-4 dark:border-slate-700">
          {events.map((event) => (
            <li key={event.id} className="text-sm">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{KIND_LABELS[event.kind]}</span>
                <time dateTime={event.at} className="text-xs text-slate-600 dark:text-slate-300">
                  {formatDateTime(event.at)}
                </time>
              </p>
              <p className="break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">
                {eventText(event)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
