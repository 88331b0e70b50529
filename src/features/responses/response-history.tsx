import { History } from 'lucide-react';

import { buttonClass } from '@/components/ui/page';

import { STATUS_LABELS, formatDate } from './response-ui';
import { useResponseHistoryQuery } from './responses.api';

/** Earlier versions of a response, each restorable unless it is the saved text, and its status changes. */
export function ResponseHistory({
  responseId,
  savedText,
  onRestore,
}: {
  responseId: string;
  savedText: string;
  onRestore: (versionId: string, number: number) => void;
}) {
  const history = useResponseHistoryQuery(responseId);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
      <h2 className="mb-2 flex items-center gap-1 text-sm font-semibold">
        <History className="size-4" aria-hidden="true" /> Version history
      </h2>
      {history.isLoading ? <p className="text-sm">Loading…</p> : null}
      <ol className="space-y-2 text-sm">
        {(history.data?.versions ?? []).map((v) => (
          <li key={v.id} className="flex items-center justify-between gap-2">
            <span>
              v{v.number} · {v.source} · {formatDate(v.createdAt)} · {v.text.length} chars
            </span>
            {v.text !== savedText ? (
              <button
                type="button"
                className={buttonClass.ghost}
                onClick={() => onRestore(v.id, v.number)}
              >
                Restore<span className="sr-only"> version {v.number}</span>
              </button>
            ) : (
              <span className="text-xs text-slate-500 dark:text-slate-400">current</span>
            )}
          </li>
        ))}
      </ol>
      {(history.data?.statusEvents.length ?? 0) > 0 ? (
        <>
          <h3 className="mt-3 text-sm font-semibold">Status changes</h3>
          <ol className="text-xs text-slate-600 dark:text-slate-300">
            {history.data?.statusEvents.map((e) => (
              <li key={e.id}>
                {STATUS_LABELS[e.toStatus]} · {new Date(e.createdAt).toLocaleString('en-US')}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}
