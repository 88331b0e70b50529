import type { PortfolioUpload } from './use-portfolio-uploads';

/** Each upload of this visit: its progress, then "Uploaded" or the reason it was refused. */
export function UploadProgressList({ uploads }: { uploads: PortfolioUpload[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label="Uploads">
      {uploads.map((entry) => (
        <li key={entry.key} className="text-sm">
          <div className="flex justify-between gap-2">
            <span className="truncate text-slate-800 dark:text-slate-200">{entry.name}</span>
            <span className="shrink-0 text-slate-600 dark:text-slate-400">
              {entry.status === 'uploading'
                ? `${Math.round(entry.progress * 100)}%`
                : entry.status === 'done'
                  ? 'Uploaded'
                  : 'Refused'}
            </span>
          </div>
          {entry.status !== 'failed' ? (
            <progress
              className="mt-1 h-2 w-full accent-indigo-600"
              max={100}
              value={Math.round(entry.progress * 100)}
              aria-label={`Upload of ${entry.name}`}
            />
          ) : (
            <p role="alert" className="text-red-700 dark:text-red-400">
              {entry.message}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
