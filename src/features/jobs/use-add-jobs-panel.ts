import { useState } from 'react';

/** Marks the "Add jobs" button (set on it by its component), so focus can go back to it. */
const ADD_JOBS_TOGGLE_ATTRIBUTE = 'data-add-jobs-toggle';

/**
 * The "Add jobs" panel's state. Once opened it stays mounted while closed, so text pasted into
 * it survives an Escape or a Close; saving a job starts it afresh.
 */
export function useAddJobsPanel() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [generation, setGeneration] = useState(0);

  const show = () => {
    setOpen(true);
    setMounted(true);
  };
  return {
    open,
    mounted,
    /** Changes after a save, so the panel's forms start empty. */
    generation,
    show,
    toggle: () => (open ? setOpen(false) : show()),
    close: () => setOpen(false),
    /** Closes the panel and puts focus back on its button. */
    closeAndRefocus: () => {
      setOpen(false);
      document.querySelector<HTMLElement>(`[${ADD_JOBS_TOGGLE_ATTRIBUTE}]`)?.focus();
    },
    saved: () => {
      setOpen(false);
      setGeneration((n) => n + 1);
    },
  };
}
