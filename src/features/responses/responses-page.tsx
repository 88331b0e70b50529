import { ChartColumn, Download, MessageSquareText, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import type { ListResponsesQuery, Response } from '@/contract/responses';

import { ResponseFilters } from './response-filters';
import {
  useDeleteResponseMutation,
  useListResponsesQuery,
  useUndoDeleteResponseMutation,
} from './responses.api';
import { useResponsesQuery, type SetResponsesParam } from './responses-query';
import { ResponsesTable } from './responses-table';
import { UndoDeleteToast, useUndoOffer } from './undo-delete-toast';
import { useResponsesExport } from './use-responses-export';

/** Previous/next page links and the total count under the list. */
function ResponsesPager({
  query,
  setParam,
  nextCursor,
  total,
}: {
  query: ListResponsesQuery;
  setParam: SetResponsesParam;
  nextCursor: string | null | undefined;
  total: number | undefined;
}) {
  return (
    <nav aria-label="Pages" className="mt-3 flex items-center gap-2 text-sm">
      {query.cursor ? (
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => setParam({ cursor: null })}
        >
          First page
        </button>
      ) : null}
      {nextCursor ? (
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => setParam({ cursor: nextCursor })}
        >
          Next page
        </button>
      ) : null}
      {total !== undefined ? (
        <span className="text-slate-600 dark:text-slate-300">{total} in total</span>
      ) : null}
    </nav>
  );
}

function NoResponses({ query }: { query: ListResponsesQuery }) {
  const filtered = Boolean(query.status || query.variant || query.q);
  return (
    <EmptyState
      icon={<MessageSquareText className="size-8" />}
      title={filtered ? 'No responses match' : 'No responses yet'}
      description={
        filtered
          ? 'Change the filters or the search.'
          : 'Generate a response for a job and it will be listed here with its status.'
      }
      action={
        <Link to={paths.generateResponse} className={buttonClass.primary}>
          Generate a response
        </Link>
      }
    />
  );
}

export default function ResponsesPage() {
  const { query, setParam } = useResponsesQuery();
  const list = useListResponsesQuery(query);
  const [deleteResponse] = useDeleteResponseMutation();
  const [undoDelete] = useUndoDeleteResponseMutation();
  const csv = useResponsesExport();
  const undoOffer = useUndoOffer();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const remove = async (response: Response) => {
    const result = await deleteResponse(response.id);
    if ('error' in result) setError('Could not delete the response. Try again.');
    else undoOffer.offer({ id: response.id, title: response.job.title });
  };

  const undo = async (id: string) => {
    undoOffer.close();
    const result = await undoDelete(id);
    if ('error' in result) setError('Could not undo the delete.');
  };

  const download = async () => {
    setError(null);
    if (!(await csv.download(query, selected))) setError('Could not export. Try again.');
  };

  const items = list.data?.items ?? [];

  return (
    <>
      <PageHeader
        title="Responses"
        description="Every proposal you drafted or sent, and where it stands."
        actions={
          <>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => void download()}
              disabled={csv.exporting}
            >
              <Download className="size-4" aria-hidden="true" />{' '}
              {selected.size > 0 ? `Export ${selected.size} (CSV)` : 'Export CSV'}
            </button>
            <Link to={paths.responseAnalytics} className={buttonClass.secondary}>
              <ChartColumn className="size-4" aria-hidden="true" /> Analytics
            </Link>
            <Link to={paths.generateResponse} className={buttonClass.primary}>
              <Plus className="size-4" aria-hidden="true" /> Generate
            </Link>
          </>
        }
      />
      <ResponseFilters query={query} setParam={setParam} />
      {error ? (
        <p role="alert" className="mb-3 text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
      {list.isLoading ? <p role="status">Loading responses…</p> : null}
      {list.isError ? (
        <div role="alert" className="rounded-lg border border-rose-300 p-4 text-sm">
          Could not load responses.{' '}
          <button type="button" className="underline" onClick={() => void list.refetch()}>
            Retry
          </button>
        </div>
      ) : null}
      {list.isSuccess && items.length === 0 ? <NoResponses query={query} /> : null}
      {items.length > 0 ? (
        <ResponsesTable
          items={items}
          total={list.data?.total ?? 0}
          selected={selected}
          onSelect={setSelected}
          onDelete={(response) => void remove(response)}
        />
      ) : null}
      <ResponsesPager
        query={query}
        setParam={setParam}
        nextCursor={list.data?.nextCursor}
        total={list.data?.total}
      />
      <UndoDeleteToast deleted={undoOffer.deleted} onUndo={(id) => void undo(id)} />
    </>
  );
}
