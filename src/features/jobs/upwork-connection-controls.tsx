import { Link2, Unlink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { buttonClass } from '@/components/ui/page';
import type { UpworkConnection } from '@/contract/upwork';

import { ConfirmDisconnectUpwork } from './confirm-disconnect-upwork';
import { UpworkDisconnectedNote } from './upwork-disconnected-note';

type Props = {
  connection: UpworkConnection;
  starting: boolean;
  disconnecting: boolean;
  onConnect: () => void;
  /** Disconnects; resolves with the page where the app can be removed on Upwork, if known. */
  onDisconnect: () => Promise<string | null>;
};

/** Connect (or connect again), and disconnect after confirming. */
export function UpworkConnectionControls({
  connection,
  starting,
  disconnecting,
  onConnect,
  onDisconnect,
}: Props) {
  const [confirming, setConfirming] = useState(false);
  const [disconnectedNote, setDisconnectedNote] = useState<string | null>(null);
  // After Cancel (or Escape) focus goes back to the Disconnect button it came from.
  const disconnectButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!confirming && refocus.current) {
      refocus.current = false;
      disconnectButton.current?.focus();
    }
  }, [confirming]);
  const cancel = () => {
    refocus.current = true;
    setConfirming(false);
  };
  const disconnect = async () => {
    const removeAppUrl = await onDisconnect();
    setConfirming(false);
    if (removeAppUrl !== null) setDisconnectedNote(removeAppUrl);
  };

  return (
    <>
      <div className="flex flex-wrap gap-2">
        {connection.status !== 'connected' ? (
          <button
            type="button"
            className={buttonClass.primary}
            disabled={starting}
            onClick={onConnect}
          >
            <Link2 className="size-4" aria-hidden="true" />
            {connection.status === 'needs_reauth' ? 'Connect again' : 'Connect Upwork'}
          </button>
        ) : null}
        {connection.status !== 'not_connected' && !confirming ? (
          <button
            ref={disconnectButton}
            type="button"
            className={buttonClass.secondary}
            onClick={() => setConfirming(true)}
          >
            <Unlink className="size-4" aria-hidden="true" />
            Disconnect
          </button>
        ) : null}
      </div>
      {confirming ? (
        <ConfirmDisconnectUpwork
          disconnecting={disconnecting}
          onDisconnect={() => void disconnect()}
          onCancel={cancel}
        />
      ) : null}
      {disconnectedNote ? <UpworkDisconnectedNote removeAppUrl={disconnectedNote} /> : null}
    </>
  );
}
