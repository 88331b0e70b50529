import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import * as Popover from '@radix-ui/react-popover';
import { Briefcase, Building2, GripVertical, MessagesSquare, MoveRight } from 'lucide-react';
import { memo } from 'react';

import { buttonClass } from '@/components/ui/page';
import { LEAD_STAGES, LEAD_STAGE_LABELS, type Lead, type LeadStage } from '@/contract/leads';

import { leadName } from './lead-board-logic';
import { formatDay, isOverdue, leadValueText } from './leads-format';

export type CardMoveTarget = LeadStage | 'up' | 'down';

const iconButton = `${buttonClass.ghost} size-8 shrink-0 px-0`;
const menuItem =
  'block w-full rounded-md px-3 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50 dark:hover:bg-slate-700';

/** A keyboard path that never needs a drag: up, down, or straight to another column. */
function MoveMenu({
  name,
  stage,
  first,
  last,
  onMove,
}: {
  name: string;
  stage: LeadStage;
  first: boolean;
  last: boolean;
  onMove: (target: CardMoveTarget) => void;
}) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button type="button" className={iconButton} aria-label={`Move ${name}`}>
          <MoveRight className="size-4" aria-hidden="true" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          aria-label={`Move ${name}`}
          className="z-50 w-48 rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
        >
          <ul>
            <li>
              <Popover.Close asChild>
                <button
                  type="button"
                  className={menuItem}
                  disabled={first}
                  onClick={() => onMove('up')}
                >
                  Move up
                </button>
              </Popover.Close>
            </li>
            <li>
              <Popover.Close asChild>
                <button
                  type="button"
                  className={menuItem}
                  disabled={last}
                  onClick={() => onMove('down')}
                >
                  Move down
                </button>
              </Popover.Close>
            </li>
            {LEAD_STAGES.filter((s) => s !== stage).map((target) => (
              <li key={target}>
                <Popover.Close asChild>
                  <button type="button" className={menuItem} onClick={() => onMove(target)}>
                    To {LEAD_STAGE_LABELS[target]}
                  </button>
                </Popover.Close>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** What the lead is linked to, as small icons with their names for screen readers. */
function LinkedRow({ lead }: { lead: Lead }) {
  const links = [
    lead.jobId ? { key: 'job', label: 'Job linked', icon: Briefcase } : null,
    lead.roomId ? { key: 'room', label: 'Message thread linked', icon: MessagesSquare } : null,
    lead.clientId ? { key: 'client', label: 'Converted to a client', icon: Building2 } : null,
  ].filter((link) => link !== null);
  if (links.length === 0) return null;
  return (
    <ul className="flex gap-2 text-slate-500 dark:text-slate-400" aria-label="Linked">
      {links.map(({ key, label, icon: Icon }) => (
        <li key={key} title={label}>
          <Icon className="size-3.5" aria-hidden="true" />
          <span className="sr-only">{label}</span>
        </li>
      ))}
    </ul>
  );
}

export type LeadCardProps = {
  lead: Lead;
  first: boolean;
  last: boolean;
  onOpen: (id: string) => void;
  onMove: (id: string, target: CardMoveTarget) => void;
};

/** One card of the board: drag it by its handle, or move it with the Move menu. */
export const LeadCard = memo(function LeadCard({
  lead,
  first,
  last,
  onOpen,
  onMove,
}: LeadCardProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: lead.id,
    data: { stage: lead.stage },
  });
  const name = leadName(lead);
  const value = leadValueText(lead.valueMinor, lead.currency);
  const overdue = isOverdue(lead.nextActionDue);
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
      }}
      className={`rounded-lg border border-slate-200 bg-white p-2 text-sm shadow-sm [content-visibility:auto] [contain-intrinsic-size:auto_6rem] dark:border-slate-700 dark:bg-slate-900 ${
        isDragging ? 'opacity-60 ring-2 ring-indigo-500' : ''
      }`}
      data-lead-id={lead.id}
    >
      <div className="flex items-start gap-1">
        <button
          type="button"
          className={`${iconButton} cursor-grab touch-none`}
          aria-label={`Drag ${name}`}
          {...attributes}
          {...listeners}
        >
          <GripVertical className="size-4" aria-hidden="true" />
        </button>
        <div className="min-w-0 flex-1">
          <button
            type="button"
            className="block max-w-full truncate rounded text-left font-medium text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-100"
            onClick={() => onOpen(lead.id)}
          >
            {name}
          </button>
          {lead.company && lead.company !== name ? (
            <p className="truncate text-xs text-slate-600 dark:text-slate-300">{lead.company}</p>
          ) : null}
        </div>
        <MoveMenu
          name={name}
          stage={lead.stage}
          first={first}
          last={last}
          onMove={(t) => onMove(lead.id, t)}
        />
      </div>
      <div className="mt-1 space-y-1 pl-9">
        {value ? <p className="font-medium tabular-nums">{value}</p> : null}
        {lead.nextAction || lead.nextActionDue ? (
          <p
            className={`text-xs ${overdue ? 'font-medium text-rose-700 dark:text-rose-300' : 'text-slate-600 dark:text-slate-300'}`}
          >
            {lead.nextAction || 'Next action'}
            {lead.nextActionDue
              ? ` · ${overdue ? 'due ' : ''}${formatDay(lead.nextActionDue)}`
              : ''}
          </p>
        ) : null}
        {lead.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1" aria-label="Tags">
            {lead.tags.map((tag) => (
              <li
                key={tag}
                className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200"
              >
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <LinkedRow lead={lead} />
      </div>
    </li>
  );
});
