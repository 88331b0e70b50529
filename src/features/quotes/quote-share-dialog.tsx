import { Copy } from 'lucide-react';
import { useId, useState } from 'react';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';
import type { Quote } from '@/contract/quotes-api';
import { apiErrorMessage } from '@/lib/api-error-message';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { useCreateQuoteShareMutation, useRevokeQuoteShareMutation } from './quote-editor.api';

const when = (iso: string) => new Date(iso).toLocaleString();

/** The live link: its full address to copy, its views, and Revoke. */
function LiveLink({
  quote,
  share,
  onRevoke,
}: {
  quote: Quote;
  share: NonNullable<Quote['share']>;
  onRevoke: () => void;
}) {
  const id = useId();
  const [copied, setCopied] = useState<string | null>(null);
  const url = `${window.location.origin}${share.path}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Link copied');
    } catch {
      setCopied('Could not copy: select the address and copy it.');
    }
  };
  return (
    <div className="space-y-3">
      <Field id={`${id}-url`} label="Link for the client">
        <input className={inputClass} readOnly value={url} onFocus={(e) => e.target.select()} />
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={buttonClass.primary} onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden="true" /> Copy link
        </button>
        {quote.locked ? null : (
          <button type="button" className={buttonClass.secondary} onClick={onRevoke}>
            Revoke link
          </button>
        )}
        <span role="status" aria-live="polite" className="text-xs">
          {copied}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt>Views</dt>
        <dd>{share.viewCount}</dd>
        <dt>Last viewed</dt>
        <dd>{share.lastViewedAt ? when(share.lastViewedAt) : 'Not opened yet'}</dd>
        <dt>Expires</dt>
        <dd>{share.expiresAt ? when(share.expiresAt) : 'Never'}</dd>
      </dl>
    </div>
  );
}

/** Creates the link, with an optional last day it opens. */
function CreateLink({ quote }: { quote: Quote }) {
  const id = useId();
  const [expiresOn, setExpiresOn] = useState('');
  const [create, state] = useCreateQuoteShareMutation();
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    const result = await create({ id: quote.id, expiresOn: expiresOn || null });
    if ('error' in result) {
      setError(apiErrorMessage(result.error, 'Could not create the link. Try again.'));
    }
  };
  if (quote.locked) {
    return <p className="text-sm">Accepted quotes are frozen: no new link can be made.</p>;
  }
  return (
    <div className="space-y-3">
      <Field
        id={`${id}-expires`}
        label="Link expires after (optional)"
        hint="The last day the client can open it. Leave empty for no expiry."
      >
        <input
          type="date"
          className={inputClass}
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.target.value)}
        />
      </Field>
      <button
        type="button"
        className={buttonClass.primary}
        disabled={state.isLoading}
        onClick={() => void submit()}
      >
        Create link
      </button>
      {error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Share the quote with the client through a public link. */
export function QuoteShareDialog({
  quote,
  open,
  onOpenChange,
}: {
  quote: Quote;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [revoke, revokeState] = useRevokeQuoteShareMutation();
  const [error, setError] = useState<string | null>(null);
  const confirmRevoke = async () => {
    const result = await revoke(quote.id);
    setConfirming(false);
    setError(
      'error' in result
        ? apiErrorMessage(result.error, 'Could not revoke the link. Try again.')
        : null,
    );
  };
  return (
    <>
      <ModalDialog
        open={open}
        onOpenChange={onOpenChange}
        title="Share the quote"
        description="The client opens the link without an account, ticks optional lines, and accepts or declines."
      >
        {quote.share ? (
          <LiveLink quote={quote} share={quote.share} onRevoke={() => setConfirming(true)} />
        ) : (
          <CreateLink quote={quote} />
        )}
        {error ? (
          <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
            {error}
          </p>
        ) : null}
      </ModalDialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revoke the link?"
        description="The client can no longer open the quote with it. You can create a new link later."
        confirmLabel="Revoke link"
        destructive
        busy={revokeState.isLoading}
        onConfirm={() => void confirmRevoke()}
      />
    </>
  );
}
