import { useState } from 'react';

import { unknownTemplateVariables, unknownVariablesMessage } from '@/contract/templates';
import { apiErrorMessage } from '@/lib/api-error-message';

import type { TemplateDraft } from './template-draft';
import { useCreateTemplateMutation, useUpdateTemplateMutation } from './templates.api';

/** The editor's fields and its save, which reports back through `onDone` (deleting is the page's). */
export function useTemplateEditor(
  draft: TemplateDraft,
  onDone: (next: TemplateDraft | null) => void,
) {
  const [name, setName] = useState(draft.name);
  const [body, setBody] = useState(draft.body);
  const [isDefault, setIsDefault] = useState(draft.isDefault);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [create, createState] = useCreateTemplateMutation();
  const [update, updateState] = useUpdateTemplateMutation();
  const busy = createState.isLoading || updateState.isLoading;

  const save = async () => {
    setError(null);
    if (!name.trim()) {
      setError('Give the template a name.');
      return;
    }
    if (!body.trim()) {
      setError('The template needs some text.');
      return;
    }
    const unknown = unknownTemplateVariables(body);
    if (unknown.length > 0) {
      setError(unknownVariablesMessage(unknown));
      return;
    }
    const result = draft.id
      ? await update({ id: draft.id, body: { name: name.trim(), body, isDefault } })
      : await create({ kind: 'response', name: name.trim(), body, isDefault });
    if ('error' in result) {
      setError(
        apiErrorMessage(result.error, 'Could not save the template. Your text is kept; try again.'),
      );
      return;
    }
    setMessage('Saved.');
    onDone({
      id: result.data.id,
      name: result.data.name,
      body: result.data.body,
      isDefault: result.data.isDefault,
    });
  };

  return {
    fields: { name, setName, body, setBody, isDefault, setIsDefault },
    error,
    setError,
    message,
    busy,
    save,
  };
}
