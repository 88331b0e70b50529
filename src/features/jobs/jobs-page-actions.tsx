import { PlusCircle, RefreshCw } from 'lucide-react';

import { buttonClass } from '@/components/ui/page';

type Props = {
  /** Shows "Refresh from Upwork" when Upwork is connected. */
  connected: boolean;
  syncing: boolean;
  onRefresh: () => void;
  adding: boolean;
  onToggleAdding: () => void;
};

/** The page header's buttons: refresh from Upwork, and open or close "Add jobs". */
export function JobsPageActions({ connected, syncing, onRefresh, adding, onToggleAdding }: Props) {
  return (
    <>
      {connected ? (
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={syncing}
          onClick={onRefresh}
        >
          <RefreshCw className={`size-4 ${syncing ? 'animate-spin' : ''}`} aria-hidden="true" />
          {syncing ? 'Refreshing…' : 'Refresh from Upwork'}
        </button>
      ) : null}
      <button
        type="button"
        className={buttonClass.primary}
        onClick={onToggleAdding}
        aria-expanded={adding}
        data-add-jobs-toggle=""
      >
        <PlusCircle className="size-4" aria-hidden="true" />
        Add jobs
      </button>
    </>
  );
}
