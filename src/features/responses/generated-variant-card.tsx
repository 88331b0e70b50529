import { Copy, ExternalLink, Save } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';

import { buttonClass, inputClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { recheckText } from '@/contract/response-checks';
import type { Variant } from '@/contract/responses';

import { AddMarkers } from './add-markers';
import { variantText, type VariantState } from './generation-variants';
import { CharCount, ChecksList, OfflineBadge, StepsList, formatCost } from './response-ui';
import { useDebouncedValue } from '@/lib/use-debounced-value';

type VariantActions = {
  onEdit: (text: string) => void;
  onSave: () => void;
  onCopy: () => void;
};

/** Model, tokens, cost, time and cited portfolio items of a finished draft. */
function VariantMeta({ meta }: { meta: NonNullable<VariantState['meta']> }) {
  return (
    <p className="text-xs text-slate-600 dark:text-slate-300">
      {meta.model} · {meta.tokens.toLocaleString('en-US')} tokens · {formatCost(meta.costMicros)} ·{' '}
      {(meta.latencyMs / 1000).toFixed(1)} s
      {meta.citations.length ? ` · Cites: ${meta.citations.join(', ')}` : ''}
    </p>
  );
}

function FinishedDraftActions({
  state,
  upworkUrl,
  onSave,
  onCopy,
}: { state: VariantState; upworkUrl: string | null } & Omit<VariantActions, 'onEdit'>) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={buttonClass.primary} onClick={onSave}>
        <Save className="size-4" aria-hidden="true" /> {state.saved ? 'Saved' : 'Save as draft'}
      </button>
      <button type="button" className={buttonClass.secondary} onClick={onCopy}>
        <Copy className="size-4" aria-hidden="true" /> Copy
      </button>
      {upworkUrl ? (
        <a
          className={buttonClass.secondary}
          href={upworkUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          <ExternalLink className="size-4" aria-hidden="true" /> Open on Upwork
        </a>
      ) : null}
      {state.responseId ? (
        <Link className={buttonClass.ghost} to={`${paths.editResponse}?id=${state.responseId}`}>
          Open in editor
        </Link>
      ) : null}
    </div>
  );
}

/** One variant of a generate run: the agent's steps, the streamed or finished draft, its checks. */
export function GeneratedVariantCard({
  variant,
  state,
  offline,
  upworkUrl,
  onEdit,
  onSave,
  onCopy,
}: {
  variant: Variant;
  state: VariantState;
  offline: boolean;
  upworkUrl: string | null;
} & VariantActions) {
  const text = variantText(state);
  const checkedText = useDebouncedValue(text, 300);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  return (
    <article className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Variant {variant}</h2>
        {offline ? <OfflineBadge /> : null}
      </header>
      <StepsList steps={state.steps} />
      {state.final !== null ? (
        <>
          <label htmlFor={`draft-${variant}`} className="sr-only">
            Draft {variant}
          </label>
          <textarea
            ref={fieldRef}
            id={`draft-${variant}`}
            className={`${inputClass} min-h-64 font-[inherit]`}
            value={text}
            onChange={(e) => onEdit(e.target.value)}
            aria-describedby={`count-${variant}`}
          />
        </>
      ) : (
        <div
          data-testid={`stream-${variant}`}
          className="min-h-24 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800"
          aria-live="polite"
        >
          {text}
        </div>
      )}
      <CharCount length={text.length} id={`count-${variant}`} />
      {state.final !== null ? <AddMarkers text={text} fieldRef={fieldRef} /> : null}
      <ChecksList
        checks={state.edited === null ? state.checks : recheckText(state.checks, checkedText)}
      />
      {state.meta ? <VariantMeta meta={state.meta} /> : null}
      {state.final !== null ? (
        <FinishedDraftActions state={state} upworkUrl={upworkUrl} onSave={onSave} onCopy={onCopy} />
      ) : null}
    </article>
  );
}
