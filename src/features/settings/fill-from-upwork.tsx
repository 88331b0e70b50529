import { Download } from 'lucide-react';
import { useState } from 'react';

import { buttonClass } from '@/components/ui/page';
import type { UpworkProfileDraft } from '@/contract/profile';
import { apiErrorMessage } from '@/lib/api-error-message';
import { hasModule, useCurrentUser } from '@/lib/session';

import { useLazyProfileFromUpworkQuery, useProfileUpworkConnectionQuery } from './profile.api';

/**
 * "Fill from Upwork", offered when the user's Upwork account is connected: reads that profile
 * into the form, where the user reviews it before saving.
 */
export function FillFromUpwork({ onFill }: { onFill: (draft: UpworkProfileDraft) => void }) {
  const user = useCurrentUser();
  const { data: connection } = useProfileUpworkConnectionQuery(undefined, {
    skip: !hasModule(user, 'upwork'),
  });
  const [read, { isFetching }] = useLazyProfileFromUpworkQuery();
  const [error, setError] = useState<string | null>(null);
  if (connection?.status !== 'connected') return null;

  const fill = async () => {
    setError(null);
    try {
      onFill(await read().unwrap());
    } catch (caught) {
      setError(apiErrorMessage(caught, 'Upwork could not be reached. Try again in a minute.'));
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800/60">
      <p className="min-w-0 flex-1 text-slate-700 dark:text-slate-200">
        Your Upwork account{connection.demo ? ' (demo sandbox)' : ''} is connected: start from its
        profile, then review and save.
      </p>
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={isFetching}
        onClick={() => void fill()}
      >
        <Download className="size-4" aria-hidden="true" />
        {isFetching ? 'Reading Upwork…' : 'Fill from Upwork'}
      </button>
      {error ? (
        <p role="alert" className="w-full text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
