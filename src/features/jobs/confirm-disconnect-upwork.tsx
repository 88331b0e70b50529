import { buttonClass } from '@/components/ui/page';
import type { UpworkDisconnectPreview } from '@/contract/upwork';

import { InlineConfirm } from './inline-confirm';
import { useGetUpworkDisconnectPreviewQuery } from './jobs.api';

type Props = {
  disconnecting: boolean;
  onDisconnect: () => void;
  onCancel: () => void;
};

function jobs(count: number): string {
  return `${count} Upwork ${count === 1 ? 'job' : 'jobs'}`;
}

/** What happens to the user's Upwork jobs, with the numbers once they are known. */
function whatHappensToJobs(preview: UpworkDisconnectPreview | undefined, loading: boolean) {
  if (loading) return 'Counting your Upwork jobs…';
  if (!preview) {
    return 'Upwork jobs you never acted on are removed; the ones you applied to or wrote a response for stay.';
  }
  return `${jobs(preview.removeJobs)} you never acted on will be removed; ${jobs(preview.keepJobs)} you applied to or wrote a response for will stay. Jobs you added by hand or from a CSV file stay.`;
}

/** Asks before the Upwork connection (its stored tokens and untouched jobs) is removed. */
export function ConfirmDisconnectUpwork({ disconnecting, onDisconnect, onCancel }: Props) {
  const preview = useGetUpworkDisconnectPreviewQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <InlineConfirm
      label="Disconnect Upwork"
      onCancel={onCancel}
      className="rounded-lg border border-slate-300 p-3 dark:border-slate-600"
    >
      <p>Disconnect Upwork? The stored tokens are deleted at once.</p>
      <p className="mt-1" aria-live="polite">
        {whatHappensToJobs(preview.data, preview.isFetching)}
      </p>
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          className={buttonClass.primary}
          disabled={disconnecting || preview.isFetching}
          onClick={onDisconnect}
        >
          Disconnect
        </button>
        <button type="button" className={buttonClass.ghost} onClick={onCancel} data-safe-choice>
          Cancel
        </button>
      </div>
    </InlineConfirm>
  );
}
