import { Save, Sparkles } from 'lucide-react';
import { useRef } from 'react';

import { buttonClass, inputClass } from '@/components/ui/page';
import { recheckText } from '@/contract/response-checks';
import { IMPROVE_ACTIONS, IMPROVE_ACTION_LABELS, type Response } from '@/contract/responses';

import { AddMarkers } from './add-markers';
import { ImproveSuggestion } from './improve-suggestion';
import { CharCount, ChecksList } from './response-ui';
import { AUTOSAVE_TEXTS } from './use-autosave';
import type { useResponseEditor } from './use-response-editor';

/**
 * The response text with its count, Save (and the autosave's state), the agent's rewrite
 * actions and their outcome, and the checks, re-run on `checkedText` as the text settles.
 */
export function ResponseTextEditor({
  response,
  editor,
  checkedText,
}: {
  response: Response;
  editor: ReturnType<typeof useResponseEditor>;
  checkedText: string;
}) {
  const { text, suggestion } = editor;
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  return (
    <section className="space-y-3" aria-label="Editor">
      <label htmlFor="response-text" className="block text-sm font-medium">
        Response text
      </label>
      <textarea
        ref={fieldRef}
        id="response-text"
        className={`${inputClass} min-h-96`}
        value={text}
        onChange={(e) => editor.edit(e.target.value)}
        aria-describedby="response-count"
      />
      <CharCount length={text.length} id="response-count" />
      <AddMarkers text={text} fieldRef={fieldRef} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass.primary}
          disabled={editor.saving || text.trim() === ''}
          onClick={() => void editor.save()}
        >
          <Save className="size-4" aria-hidden="true" /> {editor.saving ? 'Saving…' : 'Save'}
        </button>
        <p
          aria-live="polite"
          data-testid="autosave-state"
          className="self-center text-xs text-slate-600 dark:text-slate-300"
        >
          {AUTOSAVE_TEXTS[editor.autosave]}
        </p>
        {IMPROVE_ACTIONS.map((action) => (
          <button
            key={action}
            type="button"
            className={buttonClass.secondary}
            disabled={editor.improving || text.trim() === ''}
            onClick={() => void editor.runImprove(action)}
          >
            <Sparkles className="size-4" aria-hidden="true" /> {IMPROVE_ACTION_LABELS[action]}
          </button>
        ))}
      </div>
      {editor.error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {editor.error}
        </p>
      ) : null}
      {editor.message ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
          {editor.message}
        </p>
      ) : null}
      {suggestion ? (
        <ImproveSuggestion
          suggestion={suggestion}
          onAccept={() => void editor.accept()}
          onReject={editor.rejectSuggestion}
          onStop={editor.stopImproving}
        />
      ) : null}
      <ChecksList checks={recheckText(response.checks, checkedText)} />
    </section>
  );
}
