import { useCallback, useLayoutEffect, useRef, useState } from 'react';

import type { UndoToastState } from '@/components/ui/undo-toast';
import type { Lead, LeadBoard } from '@/contract/leads';
import { apiErrorMessage } from '@/lib/api-error-message';

import { findOnBoard, leadName, moveAnnouncement, type BoardMove } from './lead-board-logic';
import { useDeleteLeadMutation, useMoveLeadMutation, useRestoreLeadMutation } from './leads.api';

/**
 * Moves (said out loud, rolled back with a message when the server refuses), delete with Undo,
 * and the one toast the screen shows for them.
 */
export function useLeadActions(board: LeadBoard | undefined) {
  const [moveLead] = useMoveLeadMutation();
  const [deleteLead] = useDeleteLeadMutation();
  const [restoreLead] = useRestoreLeadMutation();
  const [announcement, setAnnouncement] = useState('');
  const [toast, setToast] = useState<UndoToastState>(null);
  const [error, setError] = useState<string | null>(null);
  const boardRef = useRef(board);
  useLayoutEffect(() => {
    boardRef.current = board;
  }, [board]);

  const move = useCallback(
    async (change: BoardMove) => {
      const current = boardRef.current;
      const name = current
        ? leadName(findOnBoard(current, change.id)?.lead ?? { contactName: '', company: '' })
        : 'the lead';
      if (current) setAnnouncement(moveAnnouncement(current, change));
      const result = await moveLead(change);
      if ('error' in result) {
        const reason = apiErrorMessage(result.error, 'The server did not answer');
        setAnnouncement(`Could not move ${name}. It is back where it was.`);
        setToast({
          id: `move-${change.id}`,
          message: `Could not move ${name}: ${reason}. It is back where it was.`,
          undoable: false,
        });
      }
    },
    [moveLead],
  );

  const remove = useCallback(
    async (lead: Lead): Promise<boolean> => {
      const result = await deleteLead(lead.id);
      if ('error' in result) {
        setError(apiErrorMessage(result.error, 'Could not delete the lead. Try again.'));
        return false;
      }
      setError(null);
      setToast({ id: lead.id, message: `Deleted ${leadName(lead)}.` });
      return true;
    },
    [deleteLead],
  );

  const undo = useCallback(
    async (id: string) => {
      setToast(null);
      if (id.startsWith('move-')) return;
      const result = await restoreLead(id);
      if ('error' in result)
        setError(apiErrorMessage(result.error, 'Could not bring the lead back. Try again.'));
      else setToast({ id: `restored-${id}`, message: 'The lead is back.', undoable: false });
    },
    [restoreLead],
  );

  const closeToast = useCallback(() => setToast(null), []);

  return { move, remove, undo, toast, closeToast, announcement, error, setError };
}
