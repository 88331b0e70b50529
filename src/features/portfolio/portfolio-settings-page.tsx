import { FolderOpen, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { UndoToast } from '@/components/ui/undo-toast';
import { paths } from '@/config/paths';

import { apiErrorMessage } from './portfolio.api';
import { PortfolioForm } from './portfolio-form';
import { PortfolioLoadError, PortfolioLoading } from './portfolio-results';
import { PortfolioSettingsRow } from './portfolio-settings-row';
import { usePortfolioSettings } from './use-portfolio-settings';

/** /settings/portfolio: create, edit, order, delete (with undo) and attach files. */
export default function PortfolioSettingsPage() {
  const settings = usePortfolioSettings();
  const { list, items, editing, setEditing } = settings;
  const [dragged, setDragged] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        title="Portfolio settings"
        description="Add, edit and order your case studies. The response agent searches them and cites the ones it uses."
        actions={
          <>
            <Link to={paths.portfolio} className={buttonClass.secondary}>
              View portfolio
            </Link>
            {editing !== 'new' ? (
              <button
                type="button"
                className={buttonClass.primary}
                onClick={() => setEditing('new')}
              >
                <Plus className="size-4" aria-hidden="true" /> New item
              </button>
            ) : null}
          </>
        }
      />
      <p className="sr-only" aria-live="polite">
        {settings.notice ?? ''}
      </p>

      {editing === 'new' ? (
        <section
          aria-label="New portfolio item"
          className="mb-6 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-50">
            New portfolio item
          </h2>
          <PortfolioForm onCancel={() => setEditing(null)} onSubmit={settings.create} />
        </section>
      ) : null}

      {list.isLoading ? (
        <PortfolioLoading />
      ) : list.isError ? (
        <PortfolioLoadError
          message={apiErrorMessage(list.error, 'The portfolio could not be loaded.')}
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 && editing !== 'new' ? (
        <EmptyState
          icon={<FolderOpen className="size-8" />}
          title="No portfolio items yet"
          description="Items you add here are used by the response agent and shown in your portfolio."
          action={
            <button type="button" className={buttonClass.primary} onClick={() => setEditing('new')}>
              Add your first item
            </button>
          }
        />
      ) : (
        <ol className="space-y-3" aria-label="Portfolio items in order">
          {items.map((item, index) => (
            <PortfolioSettingsRow
              key={item.id}
              item={item}
              index={index}
              settings={settings}
              dragged={dragged}
              onDragChange={setDragged}
            />
          ))}
        </ol>
      )}
      {list.data?.truncated ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          Showing the first 1,000 items.
        </p>
      ) : null}
      <UndoToast
        toast={settings.toast}
        onUndo={(id) => void settings.undo(id)}
        onClose={settings.closeToast}
      />
    </>
  );
}
