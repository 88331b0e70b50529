import { buttonClass } from '@/components/ui/page';
import type { SavedSearch } from '@/contract/saved-searches';

import { InlineConfirm } from './inline-confirm';

type Props = {
  search: SavedSearch;
  deleting: boolean;
  onDelete: () => void;
  onKeep: () => void;
};

/** Asks before a saved search (and its alerts) is deleted; Escape keeps it. */
export function ConfirmDeleteSavedSearch({ search, deleting, onDelete, onKeep }: Props) {
  return (
    <InlineConfirm
      label="Delete saved search"
      onCancel={onKeep}
      className="flex flex-wrap items-center gap-2 text-sm"
    >
      <span>Delete “{search.name}”? Its alerts stop.</span>
      <button type="button" className={buttonClass.primary} disabled={deleting} onClick={onDelete}>
        Delete
      </button>
      <button type="button" className={buttonClass.ghost} onClick={onKeep} data-safe-choice>
        Keep it
      </button>
    </InlineConfirm>
  );
}
