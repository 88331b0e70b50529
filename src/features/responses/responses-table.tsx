import { Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';

import { buttonClass } from '@/components/ui/page';
import { Table, cellClass } from '@/components/ui/table';
import { paths } from '@/config/paths';
import type { Response } from '@/contract/responses';
import { useLogActivity } from '@/store/activity-logger';

import { StatusBadge, formatDate, formatMoneyMinor } from './response-ui';

type RowProps = {
  response: Response;
  selected: boolean;
  onToggle: () => void;
  onDelete: () => void;
};

/** The job title linking to the editor, with how its generation ended when not complete. */
function JobCell({ response: r }: { response: Response }) {
  const log = useLogActivity();
  return (
    <td className={`max-w-xs ${cellClass}`}>
      <Link
        className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        to={`${paths.editResponse}?id=${r.id}`}
        onClick={() =>
          log({
            action: 'navigate_to_section',
            details: { to: 'edit-response', responseId: r.id },
          })
        }
      >
        {r.job.title}
      </Link>
      {r.generation === 'failed' ? (
        <span className="ml-2 text-xs text-rose-700 dark:text-rose-300">failed</span>
      ) : null}
      {r.generation === 'stopped' ? (
        <span className="ml-2 text-xs text-amber-700 dark:text-amber-300">stopped</span>
      ) : null}
      {r.offline ? (
        <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">offline</span>
      ) : null}
    </td>
  );
}

function ResponseRow({ response: r, selected, onToggle, onDelete }: RowProps) {
  return (
    <tr>
      <td className={cellClass}>
        <input
          type="checkbox"
          aria-label={`Select ${r.job.title}`}
          checked={selected}
          onChange={onToggle}
        />
      </td>
      <JobCell response={r} />
      <td className={cellClass}>
        <StatusBadge status={r.status} />
      </td>
      <td className={cellClass}>{r.variant}</td>
      <td className={cellClass}>{r.templateName ?? '—'}</td>
      <td className={cellClass}>{r.fitScoreAtSend ?? '—'}</td>
      <td className={cellClass}>{formatMoneyMinor(r.bidMinor, r.currency)}</td>
      <td className={cellClass}>{r.connects ?? '—'}</td>
      <td className={cellClass}>{formatDate(r.createdAt)}</td>
      <td className={cellClass}>{formatDate(r.updatedAt)}</td>
      <td className={cellClass}>
        <button type="button" className={buttonClass.ghost} onClick={onDelete}>
          <Trash2 className="size-4" aria-hidden="true" />
          <span className="sr-only">Delete response for {r.job.title}</span>
        </button>
      </td>
    </tr>
  );
}

/** One page of responses, with a checkbox per row (and for the page) to choose what to export. */
export function ResponsesTable({
  items,
  total,
  selected,
  onSelect,
  onDelete,
}: {
  items: Response[];
  total: number;
  selected: Set<string>;
  onSelect: (change: (current: Set<string>) => Set<string>) => void;
  onDelete: (response: Response) => void;
}) {
  const allSelected = items.length > 0 && items.every((r) => selected.has(r.id));
  const toggle = (id: string) =>
    onSelect((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const selectAll = (
    <input
      type="checkbox"
      aria-label="Select all on this page"
      checked={allSelected}
      onChange={() => onSelect(() => (allSelected ? new Set() : new Set(items.map((r) => r.id))))}
    />
  );
  const columns = [
    { key: 'select', label: selectAll },
    ...[
      'Job',
      'Status',
      'Variant',
      'Template',
      'Fit at send',
      'Bid',
      'Connects',
      'Created',
      'Updated',
    ].map((label) => ({ key: label, label })),
    { key: 'actions', label: 'Actions', labelHidden: true },
  ];
  return (
    <Table caption={`Responses (${total})`} columns={columns}>
      {items.map((r) => (
        <ResponseRow
          key={r.id}
          response={r}
          selected={selected.has(r.id)}
          onToggle={() => toggle(r.id)}
          onDelete={() => onDelete(r)}
        />
      ))}
    </Table>
  );
}
