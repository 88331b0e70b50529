import { useCallback, useRef, useState } from 'react';

import { apiErrorMessage } from '@/lib/api-error-message';

import { useRescoreJobsMutation } from './profile.api';

/** Batches asked for at most, so a server that never reports "none left" cannot loop forever. */
const MAX_STEPS = 400;

export type RescoreProgress =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number | null }
  | { phase: 'done'; total: number }
  | { phase: 'failed'; done: number; message: string };

/** Scores the user's jobs again after a save, a batch per request, counting as it goes. */
export function useRescoreJobs() {
  const [rescore] = useRescoreJobsMutation();
  const [progress, setProgress] = useState<RescoreProgress>({ phase: 'idle' });
  const running = useRef(false);

  const start = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    let done = 0;
    setProgress({ phase: 'running', done: 0, total: null });
    try {
      for (let step = 0; step < MAX_STEPS; step++) {
        const { rescored, remaining } = await rescore().unwrap();
        done += rescored;
        if (remaining === 0) break;
        setProgress({ phase: 'running', done, total: done + remaining });
      }
      setProgress({ phase: 'done', total: done });
    } catch (error) {
      setProgress({
        phase: 'failed',
        done,
        message: apiErrorMessage(
          error,
          'Re-scoring stopped: check your connection. Browse Jobs scores the rest when it opens.',
        ),
      });
    } finally {
      running.current = false;
    }
  }, [rescore]);

  return { progress, start };
}

/** What the editor says about re-scoring; null when there is nothing to say. */
export function describeRescore(progress: RescoreProgress): string | null {
  switch (progress.phase) {
    case 'idle':
      return null;
    case 'running':
      return progress.total === null
        ? 'Re-scoring your jobs…'
        : `Re-scoring ${progress.total} jobs… ${progress.done} done.`;
    case 'done':
      if (progress.total === 0) return null;
      return progress.total === 1 ? '1 job re-scored.' : `${progress.total} jobs re-scored.`;
    case 'failed':
      return progress.message;
  }
}
