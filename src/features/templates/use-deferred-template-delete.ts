import { useCallback, useEffect, useRef, useState } from 'react';

import type { UndoToastState } from '@/components/ui/undo-toast';

import { useDeleteTemplateMutation } from './templates.api';

export type TemplateToDelete = { id: string; name: string };

/**
 * Deleting a template waits for the Undo offer to end: the template leaves the list at once, and
 * the server is asked to delete it only when the offer closes (dismissed, timed out, another
 * template deleted, or the page left). Undo within the offer simply keeps it.
 */
export function useDeferredTemplateDelete() {
  const [remove] = useDeleteTemplateMutation();
  const [pending, setPending] = useState<TemplateToDelete | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pendingRef = useRef<TemplateToDelete | null>(null);

  const commit = useCallback(
    async (target: TemplateToDelete) => {
      const result = await remove(target.id);
      if ('error' in result) {
        setError(`Could not delete the template “${target.name}”. It is still in your list.`);
      }
    },
    [remove],
  );

  const settle = useCallback(() => {
    const target = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    if (target) void commit(target);
  }, [commit]);

  const schedule = useCallback(
    (target: TemplateToDelete) => {
      settle();
      setError(null);
      pendingRef.current = target;
      setPending(target);
    },
    [settle],
  );

  const undo = useCallback(() => {
    pendingRef.current = null;
    setPending(null);
  }, []);

  // Leaving the page ends the offer: the deletion goes ahead.
  useEffect(() => settle, [settle]);

  const toast: UndoToastState = pending
    ? { id: pending.id, message: `Deleted “${pending.name}”.` }
    : null;

  return { hiddenId: pending?.id ?? null, toast, error, schedule, undo, settle };
}
