import { useState } from 'react';

import { api } from '@/store/api';
import { useAppDispatch } from '@/store/hooks';

import { precheckFile, uploadPortfolioFile, UploadError, useFileAccess } from './portfolio-files';

export type PortfolioUpload = {
  key: string;
  name: string;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  message?: string;
};

/** The uploads to one item: their progress and outcome, and `send` to upload more files. */
export function usePortfolioUploads(itemId: string, maxBytes?: number) {
  const dispatch = useAppDispatch();
  const access = useFileAccess();
  const [uploads, setUploads] = useState<PortfolioUpload[]>([]);

  const update = (key: string, patch: Partial<PortfolioUpload>) =>
    setUploads((list) => list.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));

  async function send(files: File[]) {
    // One request per file, one after another: each gets its own progress and its own error.
    for (const file of files) {
      const key = `${file.name}-${file.size}-${Date.now()}-${Math.random()}`;
      const problem = precheckFile(file, maxBytes);
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
          itemId,
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

  return { uploads, send };
}
