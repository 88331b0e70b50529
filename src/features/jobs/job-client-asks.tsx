import { MessageSquareText } from 'lucide-react';
import { useId } from 'react';

import { clientAskText, type JobScoreDetails } from '@/contract/jobs';

/**
 * What the client asks a human reader to do to show they read the post ("start with 'orange'").
 * Unlike a hidden instruction for AI writers this is a fair request, so it gets a calm note and
 * the drafts follow it.
 */
export function JobClientAsks({ asks }: { asks: JobScoreDetails['asks'] }) {
  const headingId = useId();
  if (asks.length === 0) return null;
  const answers = asks.some((ask) => ask.kind === 'answer');
  return (
    <div
      role="note"
      aria-labelledby={headingId}
      className="mt-4 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/60 dark:text-sky-50"
    >
      <p id={headingId} className="flex items-center gap-2 font-semibold">
        <MessageSquareText className="size-4 shrink-0" aria-hidden="true" />
        The client asks you to show you read the post
      </p>
      <ul className="mt-1 list-disc pl-5">
        {asks.map((ask, index) => (
          <li key={`${index}-${ask.label}`} className="break-words">
            {clientAskText(ask)}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sky-900 dark:text-sky-200">
        Your drafts do this.
        {answers ? ' What only you can answer is left as [Add: …] for you to write.' : ''}
      </p>
    </div>
  );
}
