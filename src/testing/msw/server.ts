import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

import { TEST_API } from '../factories';

/** Default answers; tests override with server.use(...). */
export const handlers = [
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
