import { AlertTriangle } from 'lucide-react';
import { useId } from 'react';

import type { JobScoreDetails } from '@/contract/jobs';

/** Instructions hidden in a job for AI writers, shown to the user and never followed. */
export function JobScoreTraps({ traps }: { traps: JobScoreDetails['traps'] }) {
  const headingId = useId();
  if (traps.length === 0) return null;
  return (
    <div
      role="note"
      aria-labelledby={headingId}
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <p id={headingId} className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        Instructions for AI writers or against your interest: shown here, never obeyed
      </p>
      <ul className="mt-1 list-disc pl-5">
        {traps.map((trap) => (
          <li key={trap.excerpt} className="break-words">
            “{trap.excerpt}”{' '}
            <span className="text-amber-800 dark:text-amber-300">({trap.reason})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
