import { Send, Sparkles, Square } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert, FormStatus } from '@/components/ui/form-feedback';
import { buttonClass, inputClass } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { MESSAGE_BODY_MAX } from '@/contract/messages';
import { apiErrorMessage } from '@/lib/api-error-message';

import { useSendMessageMutation } from './messages.api';
import { useReplyDraftStream, type DraftOutcome } from './use-reply-draft-stream';

/** What a finished draft did not pass, and whether it was written without the AI provider. */
function DraftNotes({ outcome }: { outcome: DraftOutcome }) {
  return (
    <div className="space-y-1 text-sm">
      {outcome.offline ? (
        <p className="text-slate-700 dark:text-slate-200">
          Written offline: no AI provider answered, so Bidwright wrote a short reply from the
          thread. Read it before sending.
        </p>
      ) : null}
      {outcome.failedChecks.length > 0 ? (
        <div>
          <p className="font-medium text-amber-900 dark:text-amber-100">Check before sending:</p>
          <ul className="list-disc pl-5 text-slate-700 dark:text-slate-200">
            {outcome.failedChecks.map((check) => (
              <li key={check.id}>
                <span className="font-medium">{check.label}</span>
                {check.detail ? `: ${check.detail}` : null}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-slate-700 dark:text-slate-200">The draft passed every check.</p>
      )}
    </div>
  );
}

/** Checks the text as the API does, so the message is shown before a round trip. */
function bodyProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return 'Write the message first';
  if (trimmed.length > MESSAGE_BODY_MAX)
    return `A message must be at most ${MESSAGE_BODY_MAX} characters`;
  return null;
}

const isMac = () => typeof navigator !== 'undefined' && navigator.platform.startsWith('Mac');

/**
 * The reply box: Ctrl+Enter (Cmd+Enter on a Mac) or Send sends it through Upwork. A failed send
 * keeps the text and says why. "Draft a reply with AI" streams a draft into the box to edit.
 */
export function Composer({ roomId }: { roomId: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentNote, setSentNote] = useState<string | null>(null);
  const [send, sending] = useSendMessageMutation();
  const draft = useReplyDraftStream(setText);

  const submit = async () => {
    if (sending.isLoading) return;
    const problem = bodyProblem(text);
    if (problem) {
      setError(problem);
      return;
    }
    draft.stop();
    setError(null);
    setSentNote(null);
    const result = await send({ roomId, body: text.trim() });
    if ('error' in result) {
      setError(apiErrorMessage(result.error, 'The message was not sent. Try again.'));
      return;
    }
    setText('');
    draft.reset();
    setSentNote('Sent.');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  const [confirmReplace, setConfirmReplace] = useState(false);
  const startDraft = () => {
    setConfirmReplace(false);
    setError(null);
    setSentNote(null);
    setText('');
    void draft.run(roomId);
  };

  return (
    <form
      className="space-y-2 border-t border-slate-200 p-3 dark:border-slate-800"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor="message-composer" className="block text-sm font-medium">
        Your reply
      </label>
      <textarea
        id="message-composer"
        className={inputClass}
        rows={4}
        value={text}
        aria-describedby="message-composer-hint"
        aria-invalid={error ? true : undefined}
        readOnly={draft.running}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      <p id="message-composer-hint" className="text-xs text-slate-600 dark:text-slate-300">
        {isMac() ? '⌘+Enter' : 'Ctrl+Enter'} sends. The reply goes to the client through Upwork.
      </p>
      <FormAlert>{error ?? draft.error}</FormAlert>
      {draft.running ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Spinner className="size-4" /> Writing a draft…
        </p>
      ) : null}
      {draft.stopped ? (
        <FormStatus>Draft stopped. Edit what was written or start again.</FormStatus>
      ) : null}
      {draft.outcome ? <DraftNotes outcome={draft.outcome} /> : null}
      <FormStatus>{sentNote}</FormStatus>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={buttonClass.primary}
          disabled={sending.isLoading || draft.running}
        >
          <Send className="size-4" aria-hidden="true" />
          {sending.isLoading ? 'Sending…' : 'Send'}
        </button>
        {draft.running ? (
          <button type="button" className={buttonClass.secondary} onClick={draft.stop}>
            <Square className="size-4" aria-hidden="true" /> Stop
          </button>
        ) : (
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={sending.isLoading}
            // What the user typed is never replaced without asking.
            onClick={() => (text.trim() ? setConfirmReplace(true) : startDraft())}
          >
            <Sparkles className="size-4" aria-hidden="true" /> Draft a reply with AI
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirmReplace}
        onOpenChange={setConfirmReplace}
        title="Replace your text with an AI draft?"
        description="The draft takes the place of what is in the reply box now."
        confirmLabel="Replace with draft"
        onConfirm={startDraft}
      />
    </form>
  );
}
