import { clsx } from 'clsx';
import { GripVertical } from 'lucide-react';

import type { PortfolioItem } from '@/contract/portfolio';

import { FileUploader } from './file-uploader';
import { PortfolioForm } from './portfolio-form';
import { citationText } from './portfolio-item-card';
import { PortfolioSettingsRowActions } from './portfolio-settings-row-actions';
import type { PortfolioSettings } from './use-portfolio-settings';

type Props = {
  item: PortfolioItem;
  index: number;
  settings: PortfolioSettings;
  dragged: string | null;
  onDragChange: (id: string | null) => void;
};

function summaryOf(item: PortfolioItem): string {
  const files = `${item.files.length} ${item.files.length === 1 ? 'file' : 'files'}`;
  return [item.role, item.industry, item.date, files].filter(Boolean).join(' · ');
}

/** One item of the portfolio settings list: drag handle, summary, actions and, when open, its editor. */
export function PortfolioSettingsRow({ item, index, settings, dragged, onDragChange }: Props) {
  const { items, editing, setEditing } = settings;
  const open = editing === item.id;
  return (
    <li
      onDragOver={(event) => {
        if (dragged) event.preventDefault();
      }}
      onDrop={(event) => {
        event.preventDefault();
        if (!dragged || dragged === item.id) return;
        onDragChange(null);
        void settings.moveDragged(dragged, item);
      }}
      className={clsx(
        'rounded-xl border bg-white p-4 dark:bg-slate-900',
        dragged === item.id
          ? 'border-indigo-400 opacity-60'
          : 'border-slate-200 dark:border-slate-700',
      )}
    >
      <div className="flex flex-wrap items-start gap-3">
        <span
          draggable
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', item.id);
            onDragChange(item.id);
          }}
          onDragEnd={() => onDragChange(null)}
          className="mt-1 cursor-grab text-slate-400"
          title="Drag to reorder (or use the arrow buttons)"
          aria-hidden="true"
        >
          <GripVertical className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900 dark:text-slate-50">{item.title}</h2>
          <p className="text-xs text-slate-600 dark:text-slate-400">{summaryOf(item)}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">{citationText(item)}</p>
        </div>
        <PortfolioSettingsRowActions
          item={item}
          first={index === 0}
          last={index === items.length - 1}
          open={open}
          busy={settings.busy}
          onMove={(direction) => void settings.move(item, direction)}
          onToggleEdit={() => setEditing(open ? null : item.id)}
          onDelete={() => void settings.remove(item)}
        />
      </div>
      {open ? (
        <div className="mt-4 space-y-6 border-t border-slate-200 pt-4 dark:border-slate-700">
          <FileUploader item={item} />
          <PortfolioForm
            key={item.id}
            item={item}
            onCancel={() => setEditing(null)}
            onSubmit={(body) => settings.update(item.id, body)}
          />
        </div>
      ) : null}
    </li>
  );
}
