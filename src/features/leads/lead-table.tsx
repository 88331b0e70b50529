import * as Popover from '@radix-ui/react-popover';
import { ArrowDown, ArrowUp, Columns3 } from 'lucide-react';
import type { ReactNode } from 'react';

import { buttonClass } from '@/components/ui/page';
import { LEAD_STAGE_LABELS, type Lead } from '@/contract/leads';

import { leadName } from './lead-board-logic';
import { LEAD_TABLE_COLUMNS, type LeadColumnKey } from './lead-table-columns';
import { LEAD_SOURCE_LABELS, formatDay, isOverdue, leadValueText } from './leads-format';
import type { LeadSort } from './leads-query';

const cell = 'px-3 py-2 align-top';

function cellOf(lead: Lead, key: LeadColumnKey): ReactNode {
  switch (key) {
    case 'company':
      return lead.company;
    case 'stage':
      return LEAD_STAGE_LABELS[lead.stage];
    case 'source':
      return LEAD_SOURCE_LABELS[lead.source];
    case 'value':
      return leadValueText(lead.valueMinor, lead.currency);
    case 'probability':
      return `${lead.probability}%`;
    case 'nextAction':
      return lead.nextAction;
    case 'due':
      return lead.nextActionDue ? (
        <span className={isOverdue(lead.nextActionDue) ? 'text-rose-700 dark:text-rose-300' : ''}>
          {formatDay(lead.nextActionDue)}
        </span>
      ) : (
        ''
      );
    case 'tags':
      return lead.tags.join(', ');
    case 'updated':
      return formatDay(lead.updatedAt);
    case 'created':
      return formatDay(lead.createdAt);
  }
}

/** The popover of checkboxes that picks the table's columns. */
export function LeadColumnChooser({
  columns,
  onToggle,
}: {
  columns: readonly LeadColumnKey[];
  onToggle: (key: LeadColumnKey) => void;
}) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button type="button" className={buttonClass.secondary}>
          <Columns3 className="size-4" aria-hidden="true" /> Columns
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          className="z-50 w-56 rounded-lg border border-slate-200 bg-white p-3 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
        >
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Columns to show</legend>
            {LEAD_TABLE_COLUMNS.map((column) => (
              <label key={column.key} className="flex items-center gap-2 py-1 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-indigo-600"
                  checked={columns.includes(column.key)}
                  onChange={() => onToggle(column.key)}
                />
                {column.label}
              </label>
            ))}
          </fieldset>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function SortHeader({
  label,
  sort,
  current,
  dir,
  onSort,
}: {
  label: string;
  sort: LeadSort | null;
  current: LeadSort;
  dir: 'asc' | 'desc';
  onSort: (sort: LeadSort, dir: 'asc' | 'desc') => void;
}) {
  if (!sort)
    return (
      <th scope="col" className={cell}>
        {label}
      </th>
    );
  const active = sort === current;
  const next: 'asc' | 'desc' = active
    ? dir === 'asc'
      ? 'desc'
      : 'asc'
    : sort === 'name'
      ? 'asc'
      : 'desc';
  const Arrow = dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className={cell}
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        onClick={() => onSort(sort, next)}
      >
        {label}
        {active ? <Arrow className="size-3.5" aria-hidden="true" /> : null}
      </button>
    </th>
  );
}

export type LeadTableProps = {
  items: readonly Lead[];
  columns: readonly LeadColumnKey[];
  sort: LeadSort;
  dir: 'asc' | 'desc';
  onSort: (sort: LeadSort, dir: 'asc' | 'desc') => void;
  onOpen: (id: string) => void;
};

/** The same leads as the board, as rows: sortable headers, the chosen columns. */
export function LeadTable({ items, columns, sort, dir, onSort, onOpen }: LeadTableProps) {
  const shown = LEAD_TABLE_COLUMNS.filter((column) => columns.includes(column.key));
  return (
    <div className="relative max-h-[75vh] overflow-auto rounded-xl border border-slate-200 dark:border-slate-700">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm dark:divide-slate-700">
        <caption className="sr-only">Leads</caption>
        <thead className="sticky top-0 z-10 bg-slate-50 dark:bg-slate-800">
          <tr>
            <SortHeader label="Contact" sort="name" current={sort} dir={dir} onSort={onSort} />
            {shown.map((column) => (
              <SortHeader
                key={column.key}
                label={column.label}
                sort={column.sort}
                current={sort}
                dir={dir}
                onSort={onSort}
              />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-700 dark:bg-slate-900">
          {items.map((lead) => (
            <tr key={lead.id}>
              <th scope="row" className={`${cell} font-medium`}>
                <button
                  type="button"
                  className="rounded text-left text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
                  onClick={() => onOpen(lead.id)}
                >
                  {leadName(lead)}
                </button>
              </th>
              {shown.map((column) => (
                <td key={column.key} className={cell}>
                  {cellOf(lead, column.key)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Grey rows while the first page loads. */
export function LeadListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-2">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="h-10 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
      ))}
    </div>
  );
}
