import { useId } from 'react';

import type { PortfolioItem } from '@/contract/portfolio';

import { FileDropZone } from './file-drop-zone';
import { usePortfolioUploadLimitsQuery } from './portfolio.api';
import { StoredFileList } from './stored-file-list';
import { UploadProgressList } from './upload-progress-list';
import { usePortfolioUploads } from './use-portfolio-uploads';

/** Files of one item: pick or drop files, see each upload's progress, remove files. */
export function FileUploader({ item }: { item: PortfolioItem }) {
  const inputId = useId();
  const limits = usePortfolioUploadLimitsQuery();
  const { uploads, send } = usePortfolioUploads(item.id, limits.data?.maxBytes);
  return (
    <section aria-labelledby={`${inputId}-heading`} className="space-y-3">
      <h3
        id={`${inputId}-heading`}
        className="text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        Files
      </h3>
      <StoredFileList item={item} />
      <FileDropZone inputId={inputId} limits={limits.data} onFiles={(files) => void send(files)} />
      <UploadProgressList uploads={uploads} />
    </section>
  );
}
