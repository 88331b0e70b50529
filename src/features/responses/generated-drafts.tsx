import { buttonClass } from '@/components/ui/page';
import type { Variant } from '@/contract/responses';

import { GeneratedVariantCard } from './generated-variant-card';
import type { VariantState } from './generation-variants';
import type { useGeneratedVariants, GenerationFailure } from './use-generated-variants';

function GenerationFailureAlert({
  error,
  busy,
  onRetry,
}: {
  error: GenerationFailure;
  busy: boolean;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
    >
      <p>{error.message}</p>
      <p className="mt-1 text-xs">
        Your input is kept. {error.retryable ? 'You can try again.' : ''}
      </p>
      {error.retryable ? (
        <button
          type="button"
          className={`${buttonClass.secondary} mt-2`}
          onClick={onRetry}
          disabled={busy}
        >
          Retry
        </button>
      ) : null}
    </div>
  );
}

/** The right-hand side of the generate screen: failure, notices and one card per variant. */
export function GeneratedDrafts({
  drafts,
  running,
  busy,
  offline,
  upworkUrl,
  onRetry,
}: {
  drafts: ReturnType<typeof useGeneratedVariants>;
  running: boolean;
  busy: boolean;
  offline: boolean;
  upworkUrl: string | null;
  onRetry: () => void;
}) {
  const { variants, error, notice } = drafts;
  return (
    <section aria-label="Drafts" aria-busy={running} className="space-y-4">
      {error ? <GenerationFailureAlert error={error} busy={busy} onRetry={onRetry} /> : null}
      {notice ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
          {notice}
        </p>
      ) : null}
      {Object.keys(variants).length === 0 && !error ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
          Choose a job and press Generate. The agent&apos;s steps and its draft appear here as they
          are written.
        </p>
      ) : null}
      {Object.keys(variants).length > 0 && !running ? (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          Each draft is kept in Responses. Generating again replaces the drafts you have not saved.
        </p>
      ) : null}
      {(Object.entries(variants) as Array<[Variant, VariantState]>).map(([variant, state]) => (
        <GeneratedVariantCard
          key={variant}
          variant={variant}
          state={state}
          offline={offline}
          upworkUrl={upworkUrl}
          onEdit={(text) => drafts.edit(variant, text)}
          onSave={() => void drafts.save(variant)}
          onCopy={() => void drafts.copy(variant)}
        />
      ))}
    </section>
  );
}
