import { Download, MessageSquareText, Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass, inputClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import {
  RESPONSE_SORTS,
  RESPONSE_STATUSES,
  VARIANTS,
  type ListResponsesQuery,
  type ResponseStatus,
  type Variant,
} from '@/contract/responses';
import { useLogActivity } from '@/lib/activity-logger';

import { STATUS_LABELS, StatusBadge, formatDate, formatMoneyMinor } from './response-ui';
import {
  useDeleteResponseMutation,
  useExportResponsesMutation,
  useListResponsesQuery,
  useUndoDeleteResponseMutation,
} from './responses.api';

const PAGE_SIZE = 25;
const SORT_LABELS: Record<(typeof RESPONSE_SORTS)[number], string> = {
  createdAt: 'Created',
  updatedAt: 'Updated',
  status: 'Status',
  bid: 'Bid',
  connects: 'Connects',
  fit: 'Fit score',
};

function readQuery(params: URLSearchParams): ListResponsesQuery {
  const status = params.get('status');
  const variant = params.get('variant');
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    ...(status && (RESPONSE_STATUSES as readonly string[]).includes(status)
      ? { status: status as ResponseStatus }
      : {}),
    ...(variant && (VARIANTS as readonly string[]).includes(variant)
      ? { variant: variant as Variant }
      : {}),
    ...(params.get('q') ? { q: params.get('q')! } : {}),
    sort:
      sort && (RESPONSE_SORTS as readonly string[]).includes(sort)
        ? (sort as (typeof RESPONSE_SORTS)[number])
        : 'createdAt',
    order: order === 'asc' ? 'asc' : 'desc',
    limit: PAGE_SIZE,
    ...(params.get('cursor') ? { cursor: params.get('cursor')! } : {}),
  };
}

export default function ResponsesPage() {
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const list = useListResponsesQuery(query);
  const [deleteResponse] = useDeleteResponseMutation();
  const [undoDelete] = useUndoDeleteResponseMutation();
  const [exportCsv, exportState] = useExportResponsesMutation();
  const log = useLogActivity();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [toast, setToast] = useState<{ id: string; title: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState(query.q ?? '');

  const setParam = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('cursor' in changes)) next.delete('cursor');
    setParams(next);
  };

  const closeToast = useCallback(() => setToast(null), []);
  useEffect(() => {
    if (!toast) return undefined;
    const timer = setTimeout(closeToast, 10_000);
    return () => clearTimeout(timer);
  }, [toast, closeToast]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setParam({ q: search.trim() || null });
  };

  const remove = async (id: string, title: string) => {
    const result = await deleteResponse(id);
    if ('error' in result) setError('Could not delete the response. Try again.');
    else setToast({ id, title });
  };

  const undo = async (id: string) => {
    setToast(null);
    const result = await undoDelete(id);
    if ('error' in result) setError('Could not undo the delete.');
  };

  const download = async () => {
    setError(null);
    const filters: Record<string, string> = {};
    for (const key of ['status', 'variant', 'q', 'sort', 'order'] as const) {
      const value = query[key];
      if (value) filters[key] = String(value);
    }
    if (selected.size > 0) filters.ids = [...selected].join(',');
    const result = await exportCsv(filters);
    if ('error' in result || typeof result.data !== 'string') {
      setError('Could not export. Try again.');
      return;
    }
    const url = URL.createObjectURL(new Blob([result.data], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `responses-${new Date().toISOString().slice(0, 10)}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };

  const items = list.data?.items ?? [];
  const allSelected = items.length > 0 && items.every((r) => selected.has(r.id));

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
              disabled={exportState.isLoading}
            >
              <Download className="size-4" aria-hidden="true" />{' '}
              {selected.size > 0 ? `Export ${selected.size} (CSV)` : 'Export CSV'}
            </button>
            <Link to={paths.generateResponse} className={buttonClass.primary}>
              <Plus className="size-4" aria-hidden="true" /> Generate
            </Link>
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <form onSubmit={onSearch} role="search" className="flex items-end gap-2">
          <div>
            <label htmlFor="response-search" className="block text-sm font-medium">
              Search
            </label>
            <input
              id="response-search"
              type="search"
              className={inputClass}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Job title or text"
            />
          </div>
          <button type="submit" className={buttonClass.secondary}>
            Search
          </button>
        </form>
        <div>
          <label htmlFor="filter-status" className="block text-sm font-medium">
            Status
          </label>
          <select
            id="filter-status"
            className={inputClass}
            value={query.status ?? ''}
            onChange={(e) => setParam({ status: e.target.value || null })}
          >
            <option value="">All</option>
            {RESPONSE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-variant" className="block text-sm font-medium">
            Variant
          </label>
          <select
            id="filter-variant"
            className={inputClass}
            value={query.variant ?? ''}
            onChange={(e) => setParam({ variant: e.target.value || null })}
          >
            <option value="">All</option>
            {VARIANTS.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="sort" className="block text-sm font-medium">
            Sort by
          </label>
          <select
            id="sort"
            className={inputClass}
            value={query.sort}
            onChange={(e) => setParam({ sort: e.target.value })}
          >
            {RESPONSE_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="order" className="block text-sm font-medium">
            Order
          </label>
          <select
            id="order"
            className={inputClass}
            value={query.order}
            onChange={(e) => setParam({ order: e.target.value })}
          >
            <option value="desc">Descending</option>
            <option value="asc">Ascending</option>
          </select>
        </div>
      </div>
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
      {list.isSuccess && items.length === 0 ? (
        <EmptyState
          icon={<MessageSquareText className="size-8" />}
          title={
            query.status || query.variant || query.q ? 'No responses match' : 'No responses yet'
          }
          description={
            query.status || query.variant || query.q
              ? 'Change the filters or the search.'
              : 'Generate a response for a job and it will be listed here with its status.'
          }
          action={
            <Link to={paths.generateResponse} className={buttonClass.primary}>
              Generate a response
            </Link>
          }
        />
      ) : null}
      {items.length > 0 ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700">
          <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
            <caption className="sr-only">Responses ({list.data?.total ?? 0})</caption>
            <thead className="bg-slate-50 text-left dark:bg-slate-800">
              <tr>
                <th scope="col" className="px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label="Select all on this page"
                    checked={allSelected}
                    onChange={() =>
                      setSelected(allSelected ? new Set() : new Set(items.map((r) => r.id)))
                    }
                  />
                </th>
                <th scope="col" className="px-3 py-2">
                  Job
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Variant
                </th>
                <th scope="col" className="px-3 py-2">
                  Template
                </th>
                <th scope="col" className="px-3 py-2">
                  Fit at send
                </th>
                <th scope="col" className="px-3 py-2">
                  Bid
                </th>
                <th scope="col" className="px-3 py-2">
                  Connects
                </th>
                <th scope="col" className="px-3 py-2">
                  Created
                </th>
                <th scope="col" className="px-3 py-2">
                  Updated
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-700 dark:bg-slate-900">
              {items.map((r) => (
                <tr key={r.id}>
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label={`Select ${r.job.title}`}
                      checked={selected.has(r.id)}
                      onChange={() =>
                        setSelected((current) => {
                          const next = new Set(current);
                          if (next.has(r.id)) next.delete(r.id);
                          else next.add(r.id);
                          return next;
                        })
                      }
                    />
                  </td>
                  <td className="max-w-xs px-3 py-2">
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
                      <span className="ml-2 text-xs text-amber-700 dark:text-amber-300">
                        stopped
                      </span>
                    ) : null}
                    {r.offline ? (
                      <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">
                        offline
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge status={r.status} />
                  </td>
                  <td className="px-3 py-2">{r.variant}</td>
                  <td className="px-3 py-2">{r.templateName ?? '—'}</td>
                  <td className="px-3 py-2">{r.fitScoreAtSend ?? '—'}</td>
                  <td className="px-3 py-2">{formatMoneyMinor(r.bidMinor, r.currency)}</td>
                  <td className="px-3 py-2">{r.connects ?? '—'}</td>
                  <td className="px-3 py-2">{formatDate(r.createdAt)}</td>
                  <td className="px-3 py-2">{formatDate(r.updatedAt)}</td>
                  <td className="px-3 py-2">
                    <button
                      type="button"
                      className={buttonClass.ghost}
                      onClick={() => void remove(r.id, r.job.title)}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      <span className="sr-only">Delete response for {r.job.title}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
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
        {list.data?.nextCursor ? (
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => setParam({ cursor: list.data?.nextCursor ?? null })}
          >
            Next page
          </button>
        ) : null}
        {list.data ? (
          <span className="text-slate-600 dark:text-slate-300">{list.data.total} in total</span>
        ) : null}
      </nav>
      <div
        role="status"
        aria-live="polite"
        className="fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
      >
        {toast ? (
          <div className="flex items-center gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
            <span>Deleted the response for “{toast.title}”.</span>
            <button
              type="button"
              className="font-semibold text-indigo-300 underline dark:text-indigo-700"
              onClick={() => void undo(toast.id)}
            >
              Undo
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}
