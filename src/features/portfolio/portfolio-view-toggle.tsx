import { clsx } from 'clsx';
import { LayoutGrid, List } from 'lucide-react';

import { buttonClass } from '@/components/ui/page';

import type { PortfolioView } from './portfolio-item-card';

const VIEWS = [
  ['grid', 'Grid view', LayoutGrid],
  ['list', 'List view', List],
] as const;

/** The grid / list buttons of the portfolio page. */
export function PortfolioViewToggle({
  view,
  onChange,
}: {
  view: PortfolioView;
  onChange: (view: PortfolioView) => void;
}) {
  return (
    <div className="flex gap-1" role="group" aria-label="View">
      {VIEWS.map(([value, label, Icon]) => (
        <button
          key={value}
          type="button"
          className={buttonClass.ghost}
          aria-pressed={view === value}
          aria-label={label}
          onClick={() => onChange(value)}
        >
          <Icon
            className={clsx('size-5', view === value && 'text-indigo-600 dark:text-indigo-400')}
            aria-hidden="true"
          />
        </button>
      ))}
    </div>
  );
}
