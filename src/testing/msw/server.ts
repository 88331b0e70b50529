import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

import type { Activity, LogActivityBody } from '@/contract/activity';
import type { AiStatus } from '@/contract/ai';
import type { NotificationsPage } from '@/contract/notifications';
import { emptyProfile, type AdministratorContacts } from '@/contract/profile';
import type { UpworkConnection } from '@/contract/upwork';

import { backendUser, TEST_API } from '../factories';

/** Default answers; tests override with server.use(...). */
export const handlers = [
  // Sections of /settings/account that most tests do not look at: a new user's defaults.
  http.get(`${TEST_API}/api/profile`, () => HttpResponse.json(emptyProfile())),
  http.get(`${TEST_API}/api/profile/administrators`, () =>
    HttpResponse.json({ items: [] } satisfies AdministratorContacts),
  ),
  http.get(`${TEST_API}/api/ai/status`, () =>
    HttpResponse.json({
      provider: 'none',
      model: null,
      offline: true,
      source: 'config',
    } satisfies AiStatus),
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
    } satisfies UpworkConnection),
  ),
  // The stored activity, as the API answers it.
  http.post(`${TEST_API}/api/activities/log`, async ({ request }) => {
    const body = (await request.json()) as LogActivityBody;
    return HttpResponse.json(
      {
        id: '0b6f3f0e-7d1a-4c52-9a57-2f5d3c1e8a10',
        userId: backendUser().id ?? '',
        action: body.action,
        details: body.details ?? {},
        jobId: body.jobId ?? null,
        searchName: body.searchName ?? null,
        templateName: body.templateName ?? null,
        userAgent: null,
        createdAt: '2026-11-22T02:00:00.000Z',
      } satisfies Activity,
      { status: 201 },
    );
  }),
  // The bell's stored alerts: none.
  http.get(`${TEST_API}/api/notifications`, () =>
    HttpResponse.json({ items: [], nextCursor: null, unreadCount: 0 } satisfies NotificationsPage),
  ),
  // The Messages badge's count, loaded at sign-in: nothing unread.
  http.get(`${TEST_API}/api/messages/unread-count`, () => HttpResponse.json({ count: 0 })),
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
