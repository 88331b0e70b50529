import { FormAlert, FormStatus } from '@/components/ui/form-feedback';
import { buttonClass, inputClass } from '@/components/ui/page';
import { WEBHOOK_URL_MAX_LENGTH } from '@/contract/saved-searches';

import type { SavedSearchWebhookState } from './use-saved-search-webhook';

const HINT_ID = 'saved-search-webhook-hint';
const ERROR_ID = 'saved-search-webhook-error';

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The webhook now set (masked), its last delivery, Remove (until saved) and the test message. */
function CurrentWebhook({ webhook }: { webhook: SavedSearchWebhookState }) {
  const current = webhook.current;
  if (!current) return null;
  if (webhook.removing) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        The webhook {current.masked} will be removed when you save.
        <button type="button" className={buttonClass.ghost} onClick={webhook.undoRemove}>
          Keep it
        </button>
      </p>
    );
  }
  return (
    <div className="space-y-1 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span>
          Posting to <code className="break-all">{current.masked}</code>
        </span>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={webhook.testing}
          onClick={() => void webhook.test()}
        >
          {webhook.testing ? 'Sending…' : 'Send test message'}
        </button>
        <button type="button" className={buttonClass.ghost} onClick={webhook.remove}>
          Remove
        </button>
      </p>
      {current.lastDeliveryError && current.lastDeliveryAt ? (
        <p className="text-amber-800 dark:text-amber-200">
          Last delivery failed ({when(current.lastDeliveryAt)}): {current.lastDeliveryError}
        </p>
      ) : current.lastDeliveryAt ? (
        <p className="text-slate-600 dark:text-slate-400">
          Last delivered {when(current.lastDeliveryAt)}.
        </p>
      ) : null}
      {webhook.testOutcome?.ok ? <FormStatus>{webhook.testOutcome.message}</FormStatus> : null}
      {webhook.testOutcome && !webhook.testOutcome.ok ? (
        <FormAlert>{webhook.testOutcome.message}</FormAlert>
      ) : null}
    </div>
  );
}

/** Optional: where new matches are also posted, a Slack or Telegram webhook. */
export function SavedSearchWebhookField({ webhook }: { webhook: SavedSearchWebhookState }) {
  const describedBy = webhook.error ? `${HINT_ID} ${ERROR_ID}` : HINT_ID;
  return (
    <div className="w-full space-y-1">
      <label className="block text-xs font-medium text-slate-700 dark:text-slate-300">
        Webhook URL (Slack or Telegram){' '}
        <span className="font-normal text-slate-600 dark:text-slate-400">optional</span>
        <input
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={webhook.url}
          onChange={(event) => webhook.setUrl(event.target.value)}
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          placeholder={
            webhook.current ? 'Paste a new URL to replace it' : 'https://hooks.slack.com/services/…'
          }
          className={inputClass}
          aria-invalid={webhook.error ? true : undefined}
          aria-describedby={describedBy}
        />
      </label>
      <p id={HINT_ID} className="text-xs text-slate-600 dark:text-slate-400">
        New matches are also posted there. Slack: an incoming webhook URL. Telegram:
        https://api.telegram.org/bot&lt;token&gt;/sendMessage?chat_id=&lt;chat id&gt;.
      </p>
      <FormAlert id={ERROR_ID}>{webhook.error}</FormAlert>
      <CurrentWebhook webhook={webhook} />
    </div>
  );
}
