import { useEffect, useRef, useState } from 'react';

/** Where the editor's text stands against what is stored. */
export type AutosaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed' | 'empty';

export const AUTOSAVE_TEXTS: Record<AutosaveState, string> = {
  idle: '',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  saved: 'Saved',
  failed: 'Not saved: the server did not answer. Your text is kept; press Save to try again.',
  empty: 'Not saved: the response is empty.',
};

/** How long typing must pause before the text is saved. */
export const AUTOSAVE_DELAY_MS = 1200;

/**
 * Saves `text` through `persist` once typing pauses, one save at a time. An empty text is never
 * saved, and a text whose save failed is not tried again until it changes (Save still can).
 */
export function useAutosave(
  text: string,
  savedText: string,
  persist: (value: string) => Promise<boolean>,
): AutosaveState {
  const [saving, setSaving] = useState(false);
  const [savedOnce, setSavedOnce] = useState(false);
  const [failedText, setFailedText] = useState<string | null>(null);
  const persistRef = useRef(persist);
  const inFlight = useRef(false);

  useEffect(() => {
    persistRef.current = persist;
  }, [persist]);

  const waiting = text !== savedText && text.trim() !== '' && text !== failedText;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => {
      // A save in flight ends by changing savedText, which schedules the next one.
      if (inFlight.current) return;
      inFlight.current = true;
      setSaving(true);
      void persistRef.current(text).then((ok) => {
        inFlight.current = false;
        setSaving(false);
        if (ok) setSavedOnce(true);
        else setFailedText(text);
      });
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [waiting, text]);

  if (saving) return 'saving';
  if (text === savedText) return savedOnce ? 'saved' : 'idle';
  if (text.trim() === '') return 'empty';
  if (text === failedText) return 'failed';
  return 'pending';
}
