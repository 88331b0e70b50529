import { useState } from 'react';

import type { GenerationEvent, Variant } from '@/contract/responses';

import {
  applyVariantEvent,
  patchVariant,
  variantText,
  type VariantMap,
  type VariantState,
} from './generation-variants';
import { useUpdateResponseMutation } from './responses.api';

export type GenerationFailure = { message: string; retryable: boolean };

/**
 * The drafts of one generate run: fed by the stream's events, then edited, saved and copied by
 * the user. Also holds the run's failure and the last short notice.
 */
export function useGeneratedVariants() {
  const [variants, setVariants] = useState<VariantMap>({});
  const [offline, setOffline] = useState<boolean | null>(null);
  const [error, setError] = useState<GenerationFailure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [updateResponse] = useUpdateResponseMutation();

  const patch = (variant: Variant, change: (state: VariantState) => VariantState) =>
    setVariants((current) => patchVariant(current, variant, change));

  const onEvent = (event: GenerationEvent) => {
    if (event.type === 'start') setOffline(event.data.offline);
    if (event.type === 'error')
      setError({ message: event.data.message, retryable: event.data.retryable });
    if (event.type === 'end' && event.data.stopped)
      setNotice('Stopped. What was written so far is kept as a draft.');
    setVariants((current) => applyVariantEvent(current, event));
  };

  const clear = () => {
    setError(null);
    setNotice(null);
    setVariants({});
  };

  const edit = (variant: Variant, text: string) =>
    patch(variant, (s) => ({ ...s, edited: text, saved: false }));

  const save = async (variant: Variant) => {
    const state = variants[variant];
    if (!state?.responseId) return;
    const result = await updateResponse({
      id: state.responseId,
      body: { text: variantText(state) },
    });
    if ('error' in result)
      setError({
        message: 'Could not save the draft. Your text is still here; try again.',
        retryable: true,
      });
    else patch(variant, (s) => ({ ...s, saved: true }));
  };

  const copy = async (variant: Variant) => {
    try {
      await navigator.clipboard.writeText(variantText(variants[variant]));
      setNotice('Copied to the clipboard.');
    } catch {
      setNotice('Could not copy: select the text and copy it by hand.');
    }
  };

  const states = Object.values(variants);
  /** Edits the user typed into a draft and has not saved. */
  const unsavedEdits = states.some((state) => state.edited !== null && !state.saved);
  /** The drafts a new run may replace: those the user did not save. */
  const replaceable = states.flatMap((state) =>
    state.responseId && !state.saved ? [state.responseId] : [],
  );

  return {
    variants,
    offline,
    error,
    notice,
    unsavedEdits,
    replaceable,
    setError,
    onEvent,
    clear,
    edit,
    save,
    copy,
  };
}
