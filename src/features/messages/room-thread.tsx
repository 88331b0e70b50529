import { clsx } from 'clsx';
import { ArrowLeft, Clock } from 'lucide-react';

import { FormAlert } from '@/components/ui/form-feedback';
import { buttonClass } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import type { Message } from '@/contract/messages';
import { apiErrorMessage } from '@/lib/api-error-message';

import { Composer } from './composer';
import { formatMessageTime, groupByDay, waitingNote } from './messages-format';
import { useRoomThreadQuery } from './messages.api';
import { RoomContextPanel } from './room-context-panel';

function MessageBubble({ message }: { message: Message }) {
  const mine = !message.fromClient;
  return (
    <li className={clsx('flex', mine ? 'justify-end' : 'justify-start')}>
      <article
        aria-label={`${message.authorName}, ${formatMessageTime(message.sentAt)}`}
        className={clsx(
          'max-w-[85%] rounded-xl px-3 py-2 text-sm shadow-sm',
          mine
            ? 'bg-indigo-600 text-white'
            : 'border border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100',
        )}
      >
        <p
          className={clsx(
            'mb-1 flex flex-wrap gap-x-2 text-xs',
            mine ? 'text-indigo-100' : 'text-slate-600 dark:text-slate-300',
          )}
        >
          <span className="font-semibold">
            {mine ? `${message.authorName} (you)` : message.authorName}
          </span>
          <time dateTime={message.sentAt}>{formatMessageTime(message.sentAt)}</time>
        </p>
        <p className="break-words whitespace-pre-wrap">{message.body}</p>
      </article>
    </li>
  );
}

function MessageList({ messages, now }: { messages: Message[]; now: Date }) {
  if (messages.length === 0)
    return (
      <p className="p-4 text-sm text-slate-600 dark:text-slate-300">
        No messages in this conversation yet.
      </p>
    );
  return (
    // The thread flows with the page (oldest first), so the reply box follows the newest message.
    <div className="p-4" role="region" aria-label="Messages">
      {groupByDay(messages, now).map((day) => (
        <section key={day.key} aria-label={day.label} className="mb-4">
          <h3 className="my-2 flex items-center gap-3 text-xs font-medium text-slate-600 dark:text-slate-300">
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
            {day.label}
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
          </h3>
          <ol className="space-y-2">
            {day.messages.map((message) => (
              <MessageBubble key={message.id} message={message} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

/** One conversation: its header, context, messages (oldest first) and the reply box. */
export function RoomThread({
  roomId,
  targetHours,
  now,
  onBack,
}: {
  roomId: string;
  targetHours: number;
  now: Date;
  onBack: () => void;
}) {
  const thread = useRoomThreadQuery(roomId);
  const back = (
    <button type="button" className={clsx(buttonClass.ghost, 'md:hidden')} onClick={onBack}>
      <ArrowLeft className="size-4" aria-hidden="true" /> Back
    </button>
  );

  // While another room loads, the previous room's thread is not shown under the new one's name.
  const data = thread.currentData;
  if (!data && !thread.isError)
    return (
      <div className="p-4">
        {back}
        <p role="status" className="flex items-center gap-2 text-sm">
          <Spinner className="size-4" /> Loading the conversation…
        </p>
      </div>
    );
  if (!data)
    return (
      <div className="space-y-3 p-4">
        {back}
        <FormAlert>
          {apiErrorMessage(thread.error, 'Could not load this conversation. Try again.')}
        </FormAlert>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => void thread.refetch()}
        >
          Try again
        </button>
      </div>
    );

  const { room, messages, context } = data;
  const waiting = waitingNote(room, targetHours, now);
  return (
    <div className="flex min-h-0 flex-col">
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        {back}
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900 dark:text-slate-50">
            {room.clientName}
          </h2>
          <p className="truncate text-xs text-slate-600 dark:text-slate-300">{room.name}</p>
        </div>
        {waiting ? (
          <p
            className={clsx(
              'inline-flex items-center gap-1 rounded px-2 py-1 text-xs',
              waiting.overdue
                ? 'bg-amber-100 font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100'
                : 'text-slate-600 dark:text-slate-300',
            )}
          >
            <Clock className="size-3.5" aria-hidden="true" />
            {waiting.text}
          </p>
        ) : null}
      </header>
      <RoomContextPanel roomId={room.id} context={context} />
      <MessageList messages={messages} now={now} />
      <Composer key={room.id} roomId={room.id} />
    </div>
  );
}
