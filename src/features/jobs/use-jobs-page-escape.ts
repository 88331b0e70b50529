import { useEffect } from 'react';

/** Marks the "Add jobs" panel (set on it by the page), so Escape inside it closes it first. */
const ADD_JOBS_PANEL_ATTRIBUTE = 'data-add-jobs-panel';

type Options = {
  /** The open job, if any. */
  selectedId: string | null;
  closeDetail: () => void;
  addingOpen: boolean;
  closeAdding: () => void;
};

/** Closes the details and puts focus back on the card of the job that was open. */
function closeAndRefocusCard(selectedId: string, closeDetail: () => void) {
  closeDetail();
  document.querySelector<HTMLElement>(`[data-job-card="${CSS.escape(selectedId)}"]`)?.focus();
}

const TYPING_FIELDS =
  'textarea, select, [contenteditable="true"], input:is([type="text"], [type="search"], [type="number"], [type="email"], [type="url"], [type="password"], :not([type]))';

function isTyping(target: Element | null): boolean {
  return target?.closest(TYPING_FIELDS) != null;
}

/**
 * Escape on Browse Jobs: inside the "Add jobs" panel it closes the panel; elsewhere it closes the
 * job details, then the panel. Dialogs and confirmations handle their own Escape first, and a
 * field being typed in outside the panel keeps it (a search box clears itself with Escape).
 */
export function useJobsPageEscape({ selectedId, closeDetail, addingOpen, closeAdding }: Options) {
  useEffect(() => {
    const detailOpen = selectedId !== null;
    if (!detailOpen && !addingOpen) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"][data-state="open"]')) return;
      const target = event.target instanceof Element ? event.target : null;
      const inPanel = target?.closest(`[${ADD_JOBS_PANEL_ATTRIBUTE}]`) != null;
      if (addingOpen && (inPanel || !detailOpen)) {
        event.preventDefault();
        closeAdding();
        return;
      }
      if (selectedId !== null && !isTyping(target)) {
        event.preventDefault();
        closeAndRefocusCard(selectedId, closeDetail);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [selectedId, closeDetail, addingOpen, closeAdding]);
}
