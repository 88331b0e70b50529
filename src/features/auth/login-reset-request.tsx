import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

import { buttonClass } from '@/components/ui/page';

const linkClass =
  'text-sm font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:text-indigo-300';

type Props = {
  /** The address typed in the form; the reset goes to it as typed. */
  email: string;
  busy: boolean;
  onSend: () => void;
};

/**
 * "Forgot password?" under the sign-in button. A reset email is sent only after the person
 * confirms the address it goes to, so no key press in the form can send one by accident.
 */
export function LoginResetRequest({ email, busy, onSend }: Props) {
  const [asking, setAsking] = useState(false);
  const sendRef = useRef<HTMLButtonElement>(null);
  const forgotRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (asking) sendRef.current?.focus();
    else if (returnFocus.current) forgotRef.current?.focus();
    returnFocus.current = false;
  }, [asking]);

  if (!asking) {
    return (
      <p className="text-center">
        <button
          ref={forgotRef}
          type="button"
          disabled={busy}
          onClick={() => setAsking(true)}
          className={linkClass}
        >
          Forgot password?
        </button>
      </p>
    );
  }

  const cancel = () => {
    returnFocus.current = true;
    setAsking(false);
  };
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') cancel();
  };
  return (
    <div
      role="group"
      aria-label="Reset your password"
      className="rounded-lg border border-slate-300 p-3 text-sm text-slate-800 dark:border-slate-600 dark:text-slate-100"
    >
      <p>
        Send a password reset email to{' '}
        <span className="font-medium">{email.trim() || 'the address typed above'}</span>?
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          ref={sendRef}
          type="button"
          className={buttonClass.primary}
          disabled={busy}
          onKeyDown={cancelOnEscape}
          onClick={() => {
            setAsking(false);
            onSend();
          }}
        >
          Send reset email
        </button>
        <button
          type="button"
          className={buttonClass.ghost}
          onKeyDown={cancelOnEscape}
          onClick={cancel}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
