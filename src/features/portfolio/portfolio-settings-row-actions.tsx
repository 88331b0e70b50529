import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';

import { buttonClass } from '@/components/ui/page';
import type { PortfolioItem } from '@/contract/portfolio';

type Props = {
  item: PortfolioItem;
  first: boolean;
  last: boolean;
  open: boolean;
  busy: { moving: boolean; deleting: boolean };
  onMove: (direction: -1 | 1) => void;
  onToggleEdit: () => void;
  onDelete: () => void;
};

/** Up, down, edit and delete buttons of one item in the portfolio settings list. */
export function PortfolioSettingsRowActions({
  item,
  first,
  last,
  open,
  busy,
  onMove,
  onToggleEdit,
  onDelete,
}: Props) {
  return (
    <div className="flex flex-wrap gap-1">
      <button
        type="button"
        className={buttonClass.ghost}
        aria-label={`Move ${item.title} up`}
        disabled={first || busy.moving}
        onClick={() => onMove(-1)}
      >
        <ArrowUp className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={buttonClass.ghost}
        aria-label={`Move ${item.title} down`}
        disabled={last || busy.moving}
        onClick={() => onMove(1)}
      >
        <ArrowDown className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={buttonClass.secondary}
        aria-expanded={open}
        onClick={onToggleEdit}
      >
        <Pencil className="size-4" aria-hidden="true" /> {open ? 'Close' : 'Edit'}
        <span className="sr-only"> {item.title}</span>
      </button>
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={busy.deleting}
        onClick={onDelete}
      >
        <Trash2 className="size-4" aria-hidden="true" /> Delete
        <span className="sr-only"> {item.title}</span>
      </button>
    </div>
  );
}
