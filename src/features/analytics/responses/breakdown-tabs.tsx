import { useRef, type KeyboardEvent } from 'react';

import { BREAKDOWN_TITLES, type BreakdownDimension } from '@/contract/response-analytics';

const selectedClass =
  'rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400';
const idleClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-200 dark:hover:bg-slate-800';

export function breakdownTabId(dimension: BreakdownDimension): string {
  return `breakdown-tab-${dimension}`;
}
export function breakdownPanelId(dimension: BreakdownDimension): string {
  return `breakdown-panel-${dimension}`;
}

/**
 * The breakdowns as a tab list: Left and Right move between tabs (wrapping), Home and End jump
 * to the ends; the tab that gets focus is shown at once. Only the selected tab is in the Tab
 * order, so Tab goes on to the table.
 */
export function BreakdownTabs({
  dimensions,
  selected,
  onSelect,
}: {
  dimensions: readonly BreakdownDimension[];
  selected: BreakdownDimension;
  onSelect: (dimension: BreakdownDimension) => void;
}) {
  const tabs = useRef(new Map<BreakdownDimension, HTMLButtonElement>());

  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = dimensions.indexOf(selected);
    const last = dimensions.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const next = dimensions[target];
    if (!next) return;
    onSelect(next);
    tabs.current.get(next)?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Breakdowns"
      className="flex flex-wrap gap-1 rounded-lg bg-slate-50 p-1 dark:bg-slate-800"
    >
      {dimensions.map((dimension) => {
        const isSelected = dimension === selected;
        return (
          <button
            key={dimension}
            ref={(element) => {
              if (element) tabs.current.set(dimension, element);
              else tabs.current.delete(dimension);
            }}
            type="button"
            role="tab"
            id={breakdownTabId(dimension)}
            aria-selected={isSelected}
            aria-controls={isSelected ? breakdownPanelId(dimension) : undefined}
            tabIndex={isSelected ? 0 : -1}
            className={isSelected ? selectedClass : idleClass}
            onClick={() => onSelect(dimension)}
            onKeyDown={move}
          >
            {BREAKDOWN_TITLES[dimension]}
          </button>
        );
      })}
    </div>
  );
}
