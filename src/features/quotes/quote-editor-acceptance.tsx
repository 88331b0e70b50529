import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { buttonClass } from '@/components/ui/page';
import { formatQuoteMoney } from '@/contract/quote-totals';
import type { Quote } from '@/contract/quotes-api';
import { apiErrorMessage } from '@/lib/api-error-message';

import { useDuplicateQuoteMutation } from './quote-editor.api';

/** An answered quote is revised as a copy: a new draft with the same content. */
function DuplicateButton({ id }: { id: string }) {
  const navigate = useNavigate();
  const [duplicate, { isLoading }] = useDuplicateQuoteMutation();
  const [error, setError] = useState<string | null>(null);
  const onClick = async () => {
    setError(null);
    const result = await duplicate(id);
    if ('error' in result) {
      setError(apiErrorMessage(result.error, 'Could not duplicate the quote. Try again.'));
      return;
    }
    void navigate(`/edit-quote?id=${result.data.id}`);
  };
  return (
    <div className="pt-2">
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={isLoading}
        onClick={() => void onClick()}
      >
        {isLoading ? 'Duplicating…' : 'Duplicate as a new draft'}
      </button>
      {error ? (
        <p role="alert" className="mt-1 text-xs">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The client's decision: who accepted, when, for what total and from where; or why they declined. */
export function QuoteDecision({ quote }: { quote: Quote }) {
  if (quote.acceptance) {
    const { acceptance } = quote;
    return (
      <section
        aria-labelledby="quote-decision-heading"
        className="space-y-1 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
      >
        <h2 id="quote-decision-heading" className="font-semibold">
          Accepted by {acceptance.name}
        </h2>
        <p>
          On{' '}
          <time dateTime={acceptance.acceptedAt}>
            {new Date(acceptance.acceptedAt).toLocaleString()}
          </time>{' '}
          for {formatQuoteMoney(acceptance.totalMinor, acceptance.currency)}, from IP address{' '}
          {acceptance.ip}.
        </p>
        <p>Accepted quotes are frozen: what the client accepted can no longer change.</p>
        <DuplicateButton id={quote.id} />
      </section>
    );
  }
  if (quote.decline) {
    return (
      <section
        aria-labelledby="quote-decision-heading"
        className="space-y-1 rounded-xl border border-rose-300 bg-rose-50 p-4 text-sm text-rose-950 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
      >
        <h2 id="quote-decision-heading" className="font-semibold">
          Declined on{' '}
          <time dateTime={quote.decline.declinedAt}>
            {new Date(quote.decline.declinedAt).toLocaleString()}
          </time>
        </h2>
        <p>{quote.decline.reason ? `Reason: ${quote.decline.reason}` : 'No reason given.'}</p>
        <DuplicateButton id={quote.id} />
      </section>
    );
  }
  if (quote.locked) {
    return (
      <p className="rounded-xl border border-slate-300 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-900">
        Accepted quotes are frozen: this one can no longer change.
      </p>
    );
  }
  return null;
}
