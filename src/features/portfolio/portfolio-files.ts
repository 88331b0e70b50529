import { useEffect, useState } from 'react';

import {
  PORTFOLIO_FILE_TYPES,
  PORTFOLIO_FILE_TYPES_LABEL,
  type UploadPortfolioFileResult,
} from '@/contract/portfolio';
import { buildApiUrl } from '@/lib/api-url';
import { observedFetch } from '@/lib/connectivity';
import { useAppStore } from '@/store/hooks';

/**
 * Files need the bearer token, so they are fetched (never linked) and shown through object URLs;
 * uploads use XMLHttpRequest because fetch reports no upload progress.
 */

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** A quick check before sending: the server decides by content, this only saves a round trip. */
export function precheckFile(file: File, maxBytes?: number): string | null {
  if (file.size === 0) return `"${file.name}" is empty.`;
  if (maxBytes !== undefined && file.size > maxBytes)
    return `"${file.name}" is ${formatBytes(file.size)}; the limit is ${formatBytes(maxBytes)}.`;
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const known = PORTFOLIO_FILE_TYPES.some((type) =>
    (type.extensions as readonly string[]).includes(ext),
  );
  if (!known)
    return `"${file.name}" is not an accepted type. Upload ${PORTFOLIO_FILE_TYPES_LABEL}.`;
  return null;
}

export type UploadInput = {
  apiBaseUrl: string;
  token: string | null;
  itemId: string;
  file: File;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** One file per request (multipart field "file"), with upload progress from 0 to 1. */
export function uploadPortfolioFile(input: UploadInput): Promise<UploadPortfolioFileResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildApiUrl(input.apiBaseUrl, `/api/portfolio/items/${input.itemId}/files`));
    if (input.token) xhr.setRequestHeader('authorization', `Bearer ${input.token}`);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) input.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        input.onProgress?.(1);
        resolve(body as UploadPortfolioFileResult);
        return;
      }
      const message =
        (body as { error?: { message?: string } } | null)?.error?.message ??
        (xhr.status === 413 ? 'The file is too large.' : `The upload failed (HTTP ${xhr.status}).`);
      reject(new UploadError(message, xhr.status));
    };
    xhr.onerror = () =>
      reject(new UploadError('The server could not be reached. Check your connection.', 0));
    xhr.onabort = () => reject(new UploadError('The upload was cancelled.', 0));
    input.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', input.file, input.file.name);
    xhr.send(form);
  });
}

/** Fetches an owner-only file with the token. */
export async function fetchPortfolioFile(
  apiBaseUrl: string,
  token: string | null,
  path: string,
  signal?: AbortSignal,
): Promise<Blob> {
  const response = await observedFetch(buildApiUrl(apiBaseUrl, path), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

export function useFileAccess() {
  const store = useAppStore();
  return {
    apiBaseUrl: store.extra.apiBaseUrl,
    getToken: () => store.extra.getToken(false).catch(() => null),
  };
}

/** An object URL for an owner-only image (a thumbnail), revoked when no longer shown. */
export function useAuthedImage(path: string | null): { url: string | null; failed: boolean } {
  const { apiBaseUrl, getToken } = useFileAccess();
  const [state, setState] = useState<{ path: string | null; url: string | null; failed: boolean }>({
    path: null,
    url: null,
    failed: false,
  });
  useEffect(() => {
    if (!path) return undefined;
    const controller = new AbortController();
    let url: string | null = null;
    void (async () => {
      try {
        const blob = await fetchPortfolioFile(
          apiBaseUrl,
          await getToken(),
          path,
          controller.signal,
        );
        url = URL.createObjectURL(blob);
        setState({ path, url, failed: false });
      } catch {
        if (!controller.signal.aborted) setState({ path, url: null, failed: true });
      }
    })();
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
    // getToken is recreated each render; the path decides what to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, apiBaseUrl]);
  return state.path === path
    ? { url: state.url, failed: state.failed }
    : { url: null, failed: false };
}

/** Downloads an owner-only file under its original name. */
export async function downloadPortfolioFile(
  access: ReturnType<typeof useFileAccess>,
  fileId: string,
  name: string,
): Promise<void> {
  const blob = await fetchPortfolioFile(
    access.apiBaseUrl,
    await access.getToken(),
    `/api/portfolio/files/${fileId}`,
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
