import { clsx } from 'clsx';
import { Upload } from 'lucide-react';
import { useState } from 'react';

import {
  PORTFOLIO_FILE_ACCEPT,
  PORTFOLIO_FILE_TYPES_LABEL,
  type PortfolioUploadLimits,
} from '@/contract/portfolio';

import { formatBytes } from './portfolio-files';

/** The dashed area that takes dropped files, with a "choose files" picker inside. */
export function FileDropZone({
  inputId,
  limits,
  onFiles,
}: {
  inputId: string;
  /** Shown before a file is chosen; only the types while they load. */
  limits?: PortfolioUploadLimits | undefined;
  onFiles: (files: File[]) => void;
}) {
  const [dragging, setDragging] = useState(false);
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFiles([...event.dataTransfer.files]);
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
        {limits
          ? ` Up to ${formatBytes(limits.maxBytes)} per file, ${limits.maxFilesPerItem} files per item.`
          : null}
      </p>
      <input
        id={inputId}
        type="file"
        multiple
        accept={PORTFOLIO_FILE_ACCEPT}
        className="sr-only"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          onFiles(files);
        }}
      />
    </div>
  );
}
