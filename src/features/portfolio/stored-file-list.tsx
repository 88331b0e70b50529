import { Trash2 } from 'lucide-react';

import { buttonClass } from '@/components/ui/page';
import type { PortfolioFile, PortfolioItem } from '@/contract/portfolio';

import { apiErrorMessage, useDeletePortfolioFileMutation } from './portfolio.api';
import { formatBytes } from './portfolio-files';
import { Thumbnail } from './portfolio-item-card';

/** Size, image dimensions and, for PDFs, whether their text can be searched. */
function fileFacts(file: PortfolioFile): string {
  const dimensions = file.width && file.height ? ` · ${file.width}×${file.height}` : '';
  const pdfText =
    file.mime === 'application/pdf'
      ? file.textChars > 0
        ? ' · text searchable'
        : ' · no text found (scanned?)'
      : '';
  return `${formatBytes(file.sizeBytes)}${dimensions}${pdfText}`;
}

/** The files already stored on an item, each with a remove button. */
export function StoredFileList({ item }: { item: PortfolioItem }) {
  const [removeFile, removal] = useDeletePortfolioFileMutation();
  return (
    <>
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
                <p className="text-xs text-slate-600 dark:text-slate-400">{fileFacts(file)}</p>
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
    </>
  );
}
