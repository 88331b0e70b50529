import { http, HttpResponse } from 'msw';
import { afterEach, vi } from 'vitest';

import type { LogActivityBody } from '@/contract/activity';

import { TEST_API } from './factories';
import { server } from './msw/server';

/**
 * What a page hands to the browser: the files it downloads (caught before the anchor click) and
 * the activity it logs (as the API receives it). Importing this module restores the URL statics
 * and the mocks after each test.
 */

const originalUrlStatics = {
  createObjectURL: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
  revokeObjectURL: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
};

afterEach(() => {
  vi.restoreAllMocks();
  for (const [name, descriptor] of Object.entries(originalUrlStatics)) {
    if (descriptor) Object.defineProperty(URL, name, descriptor);
    else Reflect.deleteProperty(URL, name);
  }
});

/** The files the page downloads from now on, in order, instead of downloading them. */
export function captureDownloads(): Blob[] {
  const files: Blob[] = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      files.push(blob);
      return `blob:test/${files.length}`;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return files;
}

/** A downloaded file's text (jsdom's Blob has no text()). */
export function readDownload(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('Nothing was downloaded'));
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(blob);
  });
}

/** The activity the page logs from now on, as the API receives it. */
export function activityLog(): LogActivityBody[] {
  const logged: LogActivityBody[] = [];
  server.use(
    http.post(`${TEST_API}/api/activities/log`, async ({ request }) => {
      logged.push((await request.json()) as LogActivityBody);
      return HttpResponse.json({}, { status: 201 });
    }),
  );
  return logged;
}
