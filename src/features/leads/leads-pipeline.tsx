import { Upload, Users } from 'lucide-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';

import { EmptyState, buttonClass } from '@/components/ui/page';
import { UndoToast } from '@/components/ui/undo-toast';
import { apiErrorMessage } from '@/lib/api-error-message';

import { LeadBoardView } from './lead-board';
import type { BoardMove } from './lead-board-logic';
import { LeadDetailPanel } from './lead-detail-panel';
import { LeadFilterBar } from './lead-filters';
import { LeadColumnChooser, LeadListSkeleton, LeadTable } from './lead-table';
import { useLeadColumnChoice } from './lead-table-columns';
import {
  BOARD_PER_STAGE,
  useLeadBoardQuery,
  useListLeadsInfiniteQuery,
  type LeadFilters,
} from './leads.api';
import { isFiltered, type LeadsScreenState, type SetLeadsParams } from './leads-query';
import { useLeadActions } from './use-lead-actions';

/** The most cards a column shows, however often "Show more" is pressed (the API's own cap). */
const PER_STAGE_MAX = 500;

function LoadError({
  error,
  onRetry,
  what,
}: {
  error: unknown;
  onRetry: () => void;
  what: string;
}) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-rose-300 p-4 text-sm dark:border-rose-800"
    >
      {apiErrorMessage(error, `Could not load the ${what}.`)}{' '}
      <button type="button" className="underline" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

function NoLeads({
  filters,
  onNew,
  onImport,
}: {
  filters: LeadFilters;
  onNew: () => void;
  onImport: () => void;
}) {
  if (isFiltered(filters))
    return (
      <EmptyState
        icon={<Users className="size-8" />}
        title="No leads match"
        description="Change the search or the filters to see more leads."
      />
    );
  return (
    <EmptyState
      icon={<Users className="size-8" />}
      title="No leads yet"
      description="A lead appears here when a client replies to one of your responses. You can also add one yourself or import a CSV file."
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <button type="button" className={buttonClass.primary} onClick={onNew}>
            New lead
          </button>
          <button type="button" className={buttonClass.secondary} onClick={onImport}>
            <Upload className="size-4" aria-hidden="true" /> Import CSV
          </button>
        </div>
      }
    />
  );
}

export type LeadsPipelineProps = {
  state: LeadsScreenState;
  setParams: SetLeadsParams;
  onNew: () => void;
  onImport: () => void;
  /** Messages from the page's own actions (export), shown with the others. */
  notice?: ReactNode;
};

/** The Pipeline tab: filters, the board or the table, and the lead's panel. */
export function LeadsPipeline({ state, setParams, onNew, onImport, notice }: LeadsPipelineProps) {
  const { filters, view } = state;
  const [perStage, setPerStage] = useState(BOARD_PER_STAGE);
  const board = useLeadBoardQuery({ ...filters, perStage }, { skip: view !== 'board' });
  const list = useListLeadsInfiniteQuery(
    { ...filters, sort: state.sort, dir: state.dir },
    { skip: view !== 'table' },
  );
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const choice = useLeadColumnChoice();
  const actions = useLeadActions(board.data);
  const { move } = actions;

  const open = useCallback((id: string) => setParams({ lead: id }), [setParams]);
  const onMove = useCallback((change: BoardMove) => void move(change), [move]);
  const boardEmpty = board.data?.columns.every((column) => column.count === 0) ?? false;

  let content: ReactNode = null;
  if (view === 'board') {
    if (board.isLoading) content = <LeadListSkeleton label="Loading the board…" />;
    else if (board.isError && !board.data)
      content = <LoadError error={board.error} onRetry={() => void board.refetch()} what="board" />;
    else if (board.data && boardEmpty)
      content = <NoLeads filters={filters} onNew={onNew} onImport={onImport} />;
    else if (board.data)
      content = (
        <LeadBoardView
          board={board.data}
          canShowMore={perStage < PER_STAGE_MAX}
          showingMore={board.isFetching}
          onShowMore={() => setPerStage((n) => Math.min(PER_STAGE_MAX, n + BOARD_PER_STAGE * 2))}
          onOpen={open}
          onMove={onMove}
        />
      );
  } else if (list.isLoading) content = <LeadListSkeleton label="Loading the leads…" />;
  else if (list.isError && items.length === 0)
    content = <LoadError error={list.error} onRetry={() => void list.refetch()} what="leads" />;
  else if (list.isSuccess && items.length === 0)
    content = <NoLeads filters={filters} onNew={onNew} onImport={onImport} />;
  else if (items.length > 0)
    content = (
      <>
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">
          Showing {items.length} of {total} {total === 1 ? 'lead' : 'leads'}
        </p>
        <LeadTable
          items={items}
          columns={choice.columns}
          sort={state.sort}
          dir={state.dir}
          onSort={(sort, dir) => setParams({ sort, dir })}
          onOpen={open}
        />
        {list.hasNextPage ? (
          <div className="mt-3">
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          </div>
        ) : null}
      </>
    );

  return (
    <>
      <LeadFilterBar
        state={state}
        setParams={setParams}
        extra={
          view === 'table' ? (
            <LeadColumnChooser columns={choice.columns} onToggle={choice.toggle} />
          ) : null
        }
      />
      {notice}
      {actions.error ? (
        <p role="alert" className="mb-3 text-sm text-rose-700 dark:text-rose-300">
          {actions.error}
        </p>
      ) : null}
      {content}
      <p role="status" aria-live="polite" className="sr-only">
        {actions.announcement}
      </p>
      {state.leadId ? (
        <LeadDetailPanel
          leadId={state.leadId}
          onClose={() => setParams({ lead: null })}
          onDelete={(lead) => {
            void actions.remove(lead).then((ok) => (ok ? setParams({ lead: null }) : undefined));
          }}
        />
      ) : null}
      <UndoToast
        toast={actions.toast}
        onClose={actions.closeToast}
        onUndo={(id) => void actions.undo(id)}
      />
    </>
  );
}
