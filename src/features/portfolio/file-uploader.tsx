import { clsx } from 'clsx';
import { Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';

import { buttonClass } from '@/components/ui/page';
import {
  PORTFOLIO_FILE_ACCEPT,
  PORTFOLIO_FILE_TYPES_LABEL,
  type PortfolioItem,
} from '@/contract/portfolio';
import { api } from '@/store/api';
import { useAppDispatch } from '@/store/hooks';

import { apiErrorMessage, useDeletePortfolioFileMutation } from './portfolio.api';
import {
  precheckFile,
  uploadPortfolioFile,
  UploadError,
  useFileAccess,
  formatBytes,
} from './portfolio-files';
import { Thumbnail } from './portfolio-item-card';

type Upload = {
  key: string;
  name: string;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  message?: string;
};

/** Files of one item: pick or drop files, see each upload's progress, remove files. */
export function FileUploader({ item }: { item: PortfolioItem }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const dispatch = useAppDispatch();
  const access = useFileAccess();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const [removeFile, removal] = useDeletePortfolioFileMutation();

  const update = (key: string, patch: Partial<Upload>) =>
    setUploads((list) => list.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));

  async function send(files: File[]) {
    // One request per file, one after another: each gets its own progress and its own error.
    for (const file of files) {
      const key = `${file.name}-${file.size}-${Date.now()}-${Math.random()}`;
      const problem = precheckFile(file);
      setUploads((list) => [
        ...list,
        problem
          ? { key, name: file.name, progress: 0, status: 'failed', message: problem }
          : { key, name: file.name, progress: 0, status: 'uploading' },
      ]);
      if (problem) continue;
      try {
        await uploadPortfolioFile({
          apiBaseUrl: access.apiBaseUrl,
          token: await access.getToken(),
          itemId: item.id,
          file,
          onProgress: (fraction) => update(key, { progress: fraction }),
        });
        update(key, { status: 'done', progress: 1 });
      } catch (error) {
        update(key, {
          status: 'failed',
          message: error instanceof UploadError ? error.message : 'The upload failed. Try again.',
        });
      }
      dispatch(api.util.invalidateTags([{ type: 'Portfolio', id: 'LIST' }]));
    }
  }

  return (
    <section aria-labelledby={`${inputId}-heading`} className="space-y-3">
      <h3
        id={`${inputId}-heading`}
        className="text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        Files
      </h3>
      {item.files.length > 0 ? (
        <ul className="grid gap-2 sm:grid-cols-2">
          {item.files.map((file) => (
            <li
              key={file.id}
              className="flex items-center gap-3 rounded-lg border border-slate-200 p-2 dark:border-slate-700"
            >
              <Thumbnail file={file} className="size-12 shrink-0 rounded" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate text-slate-900 dark:text-slate-100">{file.originalName}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {formatBytes(file.sizeBytes)}
                  {file.width && file.height ? ` · ${file.width}×${file.height}` : ''}
                  {file.mime === 'application/pdf'
                    ? file.textChars > 0
                      ? ' · text searchable'
                      : ' · no text found (scanned?)'
                    : ''}
                </p>
              </div>
              <button
                type="button"
                className={buttonClass.ghost}
                disabled={removal.isLoading}
                aria-label={`Remove ${file.originalName}`}
                onClick={() => void removeFile({ itemId: item.id, fileId: file.id })}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {removal.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {apiErrorMessage(removal.error)}
        </p>
      ) : null}

      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void send([...event.dataTransfer.files]);
        }}
        className={clsx(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-4 text-center text-sm',
          dragging
            ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40'
            : 'border-slate-300 dark:border-slate-600',
        )}
        data-testid="portfolio-drop-zone"
      >
        <Upload className="size-5 text-slate-500 dark:text-slate-400" aria-hidden="true" />
        <p className="text-slate-700 dark:text-slate-300">
          Drop files here, or{' '}
          <label
            htmlFor={inputId}
            className="cursor-pointer font-medium text-indigo-700 underline dark:text-indigo-300"
          >
            choose files
          </label>
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {PORTFOLIO_FILE_TYPES_LABEL}; checked by content.
        </p>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={PORTFOLIO_FILE_ACCEPT}
          className="sr-only"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void send(files);
          }}
        />
      </div>

      {uploads.length > 0 ? (
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
      ) : null}
    </section>
  );
}
