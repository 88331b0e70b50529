import { describeRescore, type RescoreProgress } from './use-rescore-jobs';

/** Re-scoring after a save: a progress bar while it runs, then how many jobs were scored. */
export function RescoreStatus({ progress }: { progress: RescoreProgress }) {
  const text = describeRescore(progress);
  if (!text) return null;
  const total = progress.phase === 'running' ? progress.total : null;
  return (
    <div className="flex items-center gap-2 text-sm">
      {progress.phase === 'running' && total !== null ? (
        <progress
          className="h-2 w-32 accent-indigo-600"
          max={total}
          value={progress.done}
          aria-label="Jobs re-scored"
        />
      ) : null}
      <p role={progress.phase === 'failed' ? 'alert' : 'status'}>{text}</p>
    </div>
  );
}
