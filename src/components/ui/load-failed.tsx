import { buttonClass } from './page';

/** A load that failed: why, in words a person can act on, and a Retry that loads it again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-200"
    >
      <p>{message}</p>
      <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
