import { Copy } from 'lucide-react';
import { useId, useRef, useState } from 'react';

import { FormStatus } from '@/components/ui/form-feedback';
import { buttonClass, inputClass } from '@/components/ui/page';
import type { InviteUserBody } from '@/contract/user';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { useInviteAdminUserMutation } from './admin.api';
import { adminErrorMessage } from './admin-error';
import { InviteUserForm } from './invite-user-form';

type Invited = { email: string; link: string };

/** The invitation's answer: the link that lets the new user set a password, with Copy. */
function InviteLink({ invited, onDone }: { invited: Invited; onDone: () => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copyStatus, setCopyStatus] = useState('');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invited.link);
      setCopyStatus('Link copied.');
    } catch {
      input.current?.select();
      setCopyStatus('Copying was refused by the browser: the link is selected, press Ctrl+C.');
    }
  };

  return (
    <div className="space-y-3">
      <p className="text-sm">
        {invited.email} can sign in once they set a password with this link. Send it to them
        yourself: Bidwright does not email it.
      </p>
      <label htmlFor={inputId} className="block text-sm font-medium">
        Password link for {invited.email}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          ref={input}
          readOnly
          value={invited.link}
          className={`${inputClass} font-mono text-xs`}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className={buttonClass.secondary} onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden="true" /> Copy
        </button>
      </div>
      <FormStatus>{copyStatus}</FormStatus>
      <div className="flex justify-end">
        <button type="button" className={buttonClass.primary} onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

/** Invite a user: creates the account and shows the link that sets its password. */
export function InviteUserDialog({ onClose }: { onClose: () => void }) {
  const [invite] = useInviteAdminUserMutation();
  const [invited, setInvited] = useState<Invited | null>(null);

  const submit = async (body: InviteUserBody): Promise<string | null> => {
    const result = await invite(body);
    if ('error' in result) {
      return adminErrorMessage(result.error, 'Could not invite this user. Try again.');
    }
    setInvited({ email: result.data.user.email, link: result.data.passwordResetLink });
    return null;
  };

  return (
    <ModalDialog
      width="md"
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={invited ? 'Invitation ready' : 'Invite a user'}
    >
      {invited ? (
        <InviteLink invited={invited} onDone={onClose} />
      ) : (
        <InviteUserForm onSubmit={submit} onCancel={onClose} />
      )}
    </ModalDialog>
  );
}
