import { History, Save, Sparkles, Square } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass, inputClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import {
  IMPROVE_ACTIONS,
  IMPROVE_ACTION_LABELS,
  RESPONSE_STATUSES,
  type ImproveAction,
  type Response,
  type ResponseStatus,
} from '@/contract/responses';

import {
  CharCount,
  ChecksList,
  OfflineBadge,
  STATUS_LABELS,
  formatDate,
  safeHttpUrl,
} from './response-ui';
import {
  useGetResponseQuery,
  useResponseHistoryQuery,
  useRestoreVersionMutation,
  useSetResponseStatusMutation,
  useUpdateResponseMutation,
} from './responses.api';
import { StreamError, useGenerationStream } from './use-generation-stream';

export default function EditResponsePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const response = useGetResponseQuery(id, { skip: !id });

  if (!id) {
    return (
      <>
        <PageHeader title="Edit Response" />
        <EmptyState
          title="No response chosen"
          description="Open a response from the list to edit it."
          action={
            <Link to={paths.responses} className={buttonClass.primary}>
              Go to Responses
            </Link>
          }
        />
      </>
    );
  }
  if (response.isLoading) return <p role="status">Loading the response…</p>;
  if (response.isError || !response.data) {
    return (
      <>
        <PageHeader title="Edit Response" />
        <EmptyState
          title="Response not found"
          description="It may have been deleted, or it belongs to another account."
          action={
            <Link to={paths.responses} className={buttonClass.secondary}>
              Back to Responses
            </Link>
          }
        />
      </>
    );
  }
  return <Editor key={response.data.id} response={response.data} />;
}

function Editor({ response }: { response: Response }) {
  const [text, setText] = useState(response.text);
  const [savedText, setSavedText] = useState(response.text);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [suggestion, setSuggestion] = useState<{
    action: ImproveAction;
    text: string;
    done: boolean;
  } | null>(null);
  const [bid, setBid] = useState(response.bidMinor === null ? '' : String(response.bidMinor / 100));
  const [connects, setConnects] = useState(
    response.connects === null ? '' : String(response.connects),
  );
  const [update, updateState] = useUpdateResponseMutation();
  const [setStatus] = useSetResponseStatusMutation();
  const [restore] = useRestoreVersionMutation();
  const history = useResponseHistoryQuery(response.id);
  const improve = useGenerationStream();

  const dirty = text !== savedText;

  const save = async (source: 'edit' | ImproveAction = 'edit', value = text) => {
    setError(null);
    const result = await update({ id: response.id, body: { text: value, source } });
    if ('error' in result) {
      setError('Could not save. Your text is still in the editor; try again.');
      return;
    }
    setSavedText(value);
    setMessage('Saved.');
  };

  const saveDetails = async () => {
    setError(null);
    const bidValue = bid.trim() === '' ? null : Math.round(Number.parseFloat(bid) * 100);
    const connectsValue = connects.trim() === '' ? null : Number.parseInt(connects, 10);
    if (
      (bidValue !== null && (!Number.isFinite(bidValue) || bidValue < 0)) ||
      (connectsValue !== null && (!Number.isInteger(connectsValue) || connectsValue < 0))
    ) {
      setError('Bid and Connects must be positive numbers.');
      return;
    }
    const result = await update({
      id: response.id,
      body: { bidMinor: bidValue, connects: connectsValue },
    });
    if ('error' in result) setError('Could not save the bid. Try again.');
    else setMessage('Bid saved.');
  };

  const runImprove = async (action: ImproveAction) => {
    setError(null);
    setSuggestion({ action, text: '', done: false });
    try {
      await improve.run(`/api/responses/${response.id}/improve`, { action, text }, (event) => {
        if (event.type === 'text')
          setSuggestion((s) => (s ? { ...s, text: s.text + event.data.delta } : s));
        if (event.type === 'done') setSuggestion({ action, text: event.data.text, done: true });
        if (event.type === 'error') {
          setError(event.data.message);
          setSuggestion(null);
        }
      });
    } catch (failure) {
      setError(
        failure instanceof StreamError
          ? failure.message
          : 'Could not rewrite the draft. Try again.',
      );
      setSuggestion(null);
    }
  };

  const accept = async () => {
    if (!suggestion) return;
    setText(suggestion.text);
    setSuggestion(null);
    await save(suggestion.action, suggestion.text);
  };

  const changeStatus = async (status: ResponseStatus) => {
    const result = await setStatus({ id: response.id, status });
    if ('error' in result) setError('Could not change the status. Try again.');
    else setMessage(`Status: ${STATUS_LABELS[status]}.`);
  };

  const restoreVersion = async (versionId: string, number: number) => {
    if (dirty && !window.confirm('Restoring replaces your unsaved edits. Continue?')) return;
    const result = await restore({ id: response.id, versionId });
    if ('error' in result) {
      setError('Could not restore that version. Try again.');
      return;
    }
    setText(result.data.text);
    setSavedText(result.data.text);
    setMessage(`Version ${number} restored.`);
  };

  const jobUrl = safeHttpUrl(response.job.url);

  return (
    <>
      <PageHeader
        title="Edit Response"
        description={
          <>
            For <span className="font-medium">{response.job.title}</span>
            {jobUrl ? (
              <>
                {' · '}
                <a className="underline" href={jobUrl} target="_blank" rel="noopener noreferrer">
                  Open on Upwork
                </a>
              </>
            ) : null}
          </>
        }
        actions={response.offline ? <OfflineBadge /> : null}
      />
      {response.generation === 'failed' ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
        >
          This draft failed to generate: {response.generationError}{' '}
          <Link
            className="underline"
            to={
              response.jobId
                ? `${paths.generateResponse}?jobId=${response.jobId}`
                : paths.generateResponse
            }
          >
            Try again
          </Link>
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
        <section className="space-y-3" aria-label="Editor">
          <label htmlFor="response-text" className="block text-sm font-medium">
            Response text
          </label>
          <textarea
            id="response-text"
            className={`${inputClass} min-h-96`}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setMessage(null);
            }}
            aria-describedby="response-count"
          />
          <CharCount length={text.length} id="response-count" />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass.primary}
              disabled={!dirty || updateState.isLoading}
              onClick={() => void save()}
            >
              <Save className="size-4" aria-hidden="true" />{' '}
              {updateState.isLoading ? 'Saving…' : 'Save'}
            </button>
            {IMPROVE_ACTIONS.map((action) => (
              <button
                key={action}
                type="button"
                className={buttonClass.secondary}
                disabled={improve.running || text.trim() === ''}
                onClick={() => void runImprove(action)}
              >
                <Sparkles className="size-4" aria-hidden="true" /> {IMPROVE_ACTION_LABELS[action]}
              </button>
            ))}
          </div>
          {error ? (
            <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
              {error}
            </p>
          ) : null}
          {message ? (
            <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
              {message}
            </p>
          ) : null}
          {suggestion ? (
            <section
              aria-label="Suggested rewrite"
              className="space-y-2 rounded-xl border border-indigo-300 bg-indigo-50 p-3 dark:border-indigo-800 dark:bg-indigo-950"
            >
              <h2 className="text-sm font-semibold">
                Suggestion: {IMPROVE_ACTION_LABELS[suggestion.action]}
              </h2>
              <div className="whitespace-pre-wrap text-sm" aria-live="polite">
                {suggestion.text}
              </div>
              <CharCount length={suggestion.text.length} />
              <div className="flex gap-2">
                {suggestion.done ? (
                  <>
                    <button
                      type="button"
                      className={buttonClass.primary}
                      onClick={() => void accept()}
                    >
                      Accept
                    </button>
                    <button
                      type="button"
                      className={buttonClass.secondary}
                      onClick={() => setSuggestion(null)}
                    >
                      Reject
                    </button>
                  </>
                ) : (
                  <button type="button" className={buttonClass.secondary} onClick={improve.stop}>
                    <Square className="size-4" aria-hidden="true" /> Stop
                  </button>
                )}
              </div>
            </section>
          ) : null}
          <ChecksList checks={response.checks} />
        </section>

        <aside className="space-y-4">
          <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
            <label htmlFor="status" className="block text-sm font-medium">
              Status
            </label>
            <select
              id="status"
              className={inputClass}
              value={response.status}
              onChange={(e) => void changeStatus(e.target.value as ResponseStatus)}
            >
              {RESPONSE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
            <label htmlFor="bid" className="block text-sm font-medium">
              Bid ({response.currency})
            </label>
            <input
              id="bid"
              inputMode="decimal"
              className={inputClass}
              value={bid}
              onChange={(e) => setBid(e.target.value)}
            />
            <label htmlFor="connects" className="block text-sm font-medium">
              Connects
            </label>
            <input
              id="connects"
              inputMode="numeric"
              className={inputClass}
              value={connects}
              onChange={(e) => setConnects(e.target.value)}
            />
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => void saveDetails()}
            >
              Save bid
            </button>
            <p className="text-xs text-slate-600 dark:text-slate-300">
              {response.model ?? 'manual'} · variant {response.variant}
              {response.templateName ? ` · template “${response.templateName}”` : ''}
              {response.citations.length
                ? ` · cites ${response.citations.map((c) => c.title).join(', ')}`
                : ''}
            </p>
          </div>
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
                      onClick={() => void restoreVersion(v.id, v.number)}
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
        </aside>
      </div>
    </>
  );
}
