import { Bell, BellOff, Pencil, Trash2, type LucideIcon } from 'lucide-react';

import type { SavedSearch } from '@/contract/saved-searches';

type ChipIconButtonProps = {
  label: string;
  icon: LucideIcon;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
};

/** A small button on a saved search, named for screen readers by its label. */
function ChipIconButton({ label, icon: Icon, pressed, disabled, onClick }: ChipIconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      // 24 px at least, the smallest target a finger or a shaky hand can hit.
      className="inline-flex size-6 items-center justify-center rounded hover:bg-slate-100 dark:hover:bg-slate-800"
    >
      <Icon className="size-3.5" aria-hidden="true" />
    </button>
  );
}

type Props = {
  search: SavedSearch;
  active: boolean;
  /** True while an alert change is on its way; the alert toggle waits for it. */
  updating: boolean;
  onOpen: () => void;
  onToggleAlert: () => void;
  onRename: () => void;
  onDelete: () => void;
};

/** One saved search: its name (loads it), new matches, and alert, rename and delete buttons. */
export function SavedSearchChip({
  search,
  active,
  updating,
  onOpen,
  onToggleAlert,
  onRename,
  onDelete,
}: Props) {
  return (
    <li
      className={`flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm ${
        active
          ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40'
          : 'border-slate-300 dark:border-slate-600'
      }`}
    >
      <button type="button" className="font-medium hover:underline" onClick={onOpen}>
        {search.name}
        {search.newMatches > 0 ? (
          <span className="ml-1 rounded-full bg-indigo-600 px-1.5 text-xs text-white">
            {search.newMatches} new
          </span>
        ) : null}
      </button>
      <ChipIconButton
        label={
          search.alert
            ? `Turn off alerts for ${search.name}`
            : `Alert me about new matches for ${search.name}`
        }
        icon={search.alert ? Bell : BellOff}
        pressed={search.alert}
        disabled={updating}
        onClick={onToggleAlert}
      />
      <ChipIconButton label={`Rename ${search.name}`} icon={Pencil} onClick={onRename} />
      <ChipIconButton label={`Delete ${search.name}`} icon={Trash2} onClick={onDelete} />
    </li>
  );
}
