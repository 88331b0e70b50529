import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

import { emptyProfile } from '@/contract/profile';

import { TEST_API } from '../factories';

/** Default answers; tests override with server.use(...). */
export const handlers = [
  // Sections of /settings/account that most tests do not look at: a new user's defaults.
  http.get(`${TEST_API}/api/profile`, () => HttpResponse.json(emptyProfile())),
  http.get(`${TEST_API}/api/ai/status`, () =>
    HttpResponse.json({ provider: 'none', model: null, offline: true, source: 'config' }),
  ),
  http.get(`${TEST_API}/api/upwork/connection`, () =>
    HttpResponse.json({
      status: 'not_connected',
      demo: false,
      upworkUserName: null,
      organizationId: null,
      organizations: [],
      connectedAt: null,
      lastSyncAt: null,
      lastError: null,
      removeAppUrl: 'https://www.upwork.com/ab/account-security/connected-services',
    }),
  ),
  http.post(`${TEST_API}/api/activities/log`, () =>
    HttpResponse.json({ ok: true }, { status: 201 }),
  ),
  // An open, silent event stream (the signed-in layout connects to it).
  http.get(
    `${TEST_API}/api/events`,
    () =>
      new HttpResponse(new ReadableStream({ start: () => undefined }), {
        headers: { 'content-type': 'text/event-stream' },
      }),
  ),
];

export const server = setupServer(...handlers);
