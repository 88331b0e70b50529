import { buttonClass } from '@/components/ui/page';

type Props = {
  disconnecting: boolean;
  onDisconnect: () => void;
  onCancel: () => void;
};

/** Asks before the Upwork connection (and its stored tokens) is removed. */
export function ConfirmDisconnectUpwork({ disconnecting, onDisconnect, onCancel }: Props) {
  return (
    <div
      role="alertdialog"
      aria-label="Disconnect Upwork"
      className="rounded-lg border border-slate-300 p-3 dark:border-slate-600"
    >
      <p>Disconnect Upwork? The stored tokens are deleted at once; jobs you acted on stay.</p>
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          className={buttonClass.primary}
          disabled={disconnecting}
          onClick={onDisconnect}
        >
          Disconnect
        </button>
        <button type="button" className={buttonClass.ghost} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
