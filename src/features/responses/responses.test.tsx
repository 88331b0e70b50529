import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type {
  GenerationEvent,
  Response as SavedResponse,
  ResponseList,
} from '@/contract/responses';
import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

const signedIn = { session: { identity: identityUser() } };
/** Whole-app renders on a shared 2-core machine. */
const SLOW = 20_000;
const RESPONSE_ID = '11111111-1111-4111-8111-111111111111';

function sse(events: GenerationEvent[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events)
        controller.enqueue(
          encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`),
        );
      controller.close();
    },
  });
  return new HttpResponse(body, {
    headers: { 'content-type': 'text/event-stream' },
  });
}

function response(overrides: Partial<SavedResponse> = {}): SavedResponse {
  return {
    id: RESPONSE_ID,
    jobId: null,
    job: {
      title: 'React dashboard',
      description: 'Build a dashboard.',
      url: 'https://www.upwork.com/jobs/~01',
      skills: ['React'],
      screeningQuestions: [],
      clientName: null,
      budget: null,
    },
    templateId: null,
    templateName: null,
    generationId: null,
    variant: 'A',
    status: 'draft',
    statusChangedAt: '2026-11-20T10:00:00.000Z',
    generation: 'complete',
    generationError: null,
    text: 'Hello, I can build this. What is your deadline?',
    tone: 'professional',
    length: 'medium',
    bidMinor: 50000,
    currency: 'USD',
    connects: 16,
    fitScoreAtSend: 82,
    offline: true,
    model: 'offline-engine',
    promptVersion: 'offline@1',
    promptTokens: 0,
    completionTokens: 0,
    costMicros: 0,
    latencyMs: 12,
    checks: [],
    citations: [],
    sentAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function common() {
  server.use(
    http.get(`${TEST_API}/api/users`, () => HttpResponse.json([backendUserJson()])),
    http.get(`${TEST_API}/api/ai/status`, () =>
      HttpResponse.json({ provider: 'none', model: null, offline: true, source: 'config' }),
    ),
    http.get(`${TEST_API}/api/profile`, () =>
      HttpResponse.json({
        name: 'Ada',
        title: '',
        overview: '',
        skills: [],
        hourlyRateMinor: null,
        rateFloorMinor: null,
        currency: 'USD',
        timezone: 'UTC',
        signature: '',
        writingSamples: [],
        defaultTone: 'friendly',
        defaultLength: 'short',
        notifyOnSavedSearchMatches: true,
        notifyOnMessages: true,
        updatedAt: null,
      }),
    ),
    http.get(`${TEST_API}/api/templates`, () => HttpResponse.json({ items: [], nextCursor: null })),
    http.get(`${TEST_API}/api/jobs`, () =>
      HttpResponse.json({
        items: [
          {
            id: '22222222-2222-4222-8222-222222222222',
            title: 'Stripe checkout fix',
            url: 'https://www.upwork.com/jobs/~02',
          },
        ],
        nextCursor: null,
      }),
    ),
  );
}

const XSS =
  'Hi <script>window.__pwned = true</script><img src=x onerror="window.__pwned=true"> there. Can we talk?';

describe('/generate-response', () => {
  it(
    'streams the steps and the draft as text (never HTML), labels it offline, and saves it',
    async () => {
      common();
      let generateBody: unknown;
      let patched: unknown;
      server.use(
        http.post(`${TEST_API}/api/responses/generate`, async ({ request }) => {
          generateBody = await request.json();
          return sse([
            {
              type: 'start',
              data: {
                offline: true,
                model: 'offline-engine',
                variants: ['A'],
                responseIds: { A: RESPONSE_ID },
              },
            },
            {
              type: 'step',
              data: {
                variant: 'A',
                id: 's1',
                label: 'Searching the portfolio',
                status: 'done',
                detail: 'Found Fleet dashboard',
              },
            },
            { type: 'text', data: { variant: 'A', step: 0, delta: XSS } },
            {
              type: 'checks',
              data: {
                variant: 'A',
                checks: [
                  {
                    id: 'question',
                    label: 'Ends with a question for the client',
                    passed: true,
                    fixed: false,
                    detail: 'ok',
                  },
                ],
              },
            },
            {
              type: 'done',
              data: {
                variant: 'A',
                responseId: RESPONSE_ID,
                text: XSS,
                offline: true,
                model: 'offline-engine',
                promptVersion: 'offline@1',
                usage: { promptTokens: 0, completionTokens: 0 },
                latencyMs: 10,
                costMicros: 0,
                citations: [
                  {
                    portfolioItemId: '33333333-3333-4333-8333-333333333333',
                    title: 'Fleet dashboard',
                  },
                ],
                templateId: null,
              },
            },
            { type: 'end', data: { stopped: false } },
          ]);
        }),
        http.patch(`${TEST_API}/api/responses/${RESPONSE_ID}`, async ({ request }) => {
          patched = await request.json();
          return HttpResponse.json(response());
        }),
      );
      const { user } = renderApp({ route: '/generate-response', ...signedIn });
      const text = await screen.findByLabelText(/Job text/);
      await user.click(text);
      await user.paste('Landing page in Webflow\nWe need a landing page built this week.');
      expect(screen.getByLabelText('Tone')).toHaveValue('friendly');
      await user.click(screen.getByRole('button', { name: 'Generate' }));

      const draft = await screen.findByLabelText('Draft A');
      expect(draft).toHaveValue(XSS);
      expect(document.querySelector('script')).toBeNull();
      expect(document.querySelector('img[src="x"]')).toBeNull();
      expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
      expect(screen.getByText(/Searching the portfolio/)).toBeInTheDocument();
      expect(screen.getAllByText(/Offline draft/).length).toBeGreaterThan(0);
      expect(screen.getByText(/Cites: Fleet dashboard/)).toBeInTheDocument();
      expect(generateBody).toMatchObject({
        jobText: expect.stringContaining('Landing page'),
        tone: 'friendly',
        length: 'short',
        variants: 1,
      });

      await user.click(screen.getByRole('button', { name: /Save as draft/ }));
      await waitFor(() => expect(patched).toEqual({ text: XSS }));
      expect(await screen.findByRole('button', { name: /Saved/ })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows a provider error clearly, keeps the input, and offers a retry',
    async () => {
      common();
      let calls = 0;
      server.use(
        http.post(`${TEST_API}/api/responses/generate`, () => {
          calls++;
          return sse([
            {
              type: 'start',
              data: {
                offline: false,
                model: 'openai:gpt-4o-mini',
                variants: ['A'],
                responseIds: { A: RESPONSE_ID },
              },
            },
            {
              type: 'error',
              data: {
                variant: 'A',
                code: 'ai_rate_limited',
                message: 'The AI provider is rate limiting requests. Try again in 30 s.',
                retryable: true,
                responseId: RESPONSE_ID,
              },
            },
            { type: 'end', data: { stopped: false } },
          ]);
        }),
      );
      const { user } = renderApp({ route: '/generate-response', ...signedIn });
      const text = await screen.findByLabelText(/Job text/);
      await user.click(text);
      await user.paste('Shopify fixes needed\nSmall theme fixes for our store.');
      await user.click(screen.getByRole('button', { name: 'Generate' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('rate limiting requests. Try again in 30 s');
      expect(alert).toHaveTextContent('Your input is kept');
      expect(screen.getByLabelText(/Job text/)).toHaveValue(
        'Shopify fixes needed\nSmall theme fixes for our store.',
      );
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(calls).toBe(2));
    },
    SLOW,
  );

  it(
    'validates the pasted job next to the field',
    async () => {
      common();
      const { user } = renderApp({ route: '/generate-response', ...signedIn });
      await screen.findByLabelText(/Job text/);
      await user.click(screen.getByRole('button', { name: 'Generate' }));
      expect(await screen.findByText('Paste the job (at least 20 characters)')).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('/edit-response', () => {
  it(
    'counts characters live, streams an improvement to accept, and saves it with its source',
    async () => {
      common();
      let patched: unknown;
      server.use(
        http.get(`${TEST_API}/api/responses/${RESPONSE_ID}`, () => HttpResponse.json(response())),
        http.get(`${TEST_API}/api/responses/${RESPONSE_ID}/history`, () =>
          HttpResponse.json({
            versions: [
              {
                id: '44444444-4444-4444-8444-444444444444',
                number: 1,
                text: 'Hello, I can build this. What is your deadline?',
                source: 'generated',
                createdAt: '2026-11-20T10:00:00.000Z',
              },
            ],
            statusEvents: [],
          }),
        ),
        http.post(`${TEST_API}/api/responses/${RESPONSE_ID}/improve`, () =>
          sse([
            {
              type: 'start',
              data: {
                offline: true,
                model: 'offline-engine',
                variants: ['A'],
                responseIds: { A: RESPONSE_ID },
              },
            },
            { type: 'text', data: { variant: 'A', step: 0, delta: 'Shorter draft. ' } },
            {
              type: 'done',
              data: {
                variant: 'A',
                responseId: RESPONSE_ID,
                text: 'Shorter draft. Deadline?',
                offline: true,
                model: 'offline-engine',
                promptVersion: 'offline@1',
                usage: { promptTokens: 0, completionTokens: 0 },
                latencyMs: 1,
                costMicros: 0,
                citations: [],
                templateId: null,
              },
            },
            { type: 'end', data: { stopped: false } },
          ]),
        ),
        http.patch(`${TEST_API}/api/responses/${RESPONSE_ID}`, async ({ request }) => {
          patched = await request.json();
          return HttpResponse.json(response({ text: 'Shorter draft. Deadline?' }));
        }),
      );
      const { user } = renderApp({ route: `/edit-response?id=${RESPONSE_ID}`, ...signedIn });
      const editor = await screen.findByLabelText('Response text');
      expect(screen.getByText('47 / 5,000 characters')).toBeInTheDocument();
      await user.type(editor, '!');
      expect(screen.getByText('48 / 5,000 characters')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Shorter' }));
      const suggestion = await screen.findByRole('region', { name: 'Suggested rewrite' });
      await user.click(await within(suggestion).findByRole('button', { name: 'Accept' }));
      await waitFor(() =>
        expect(patched).toEqual({ text: 'Shorter draft. Deadline?', source: 'shorter' }),
      );
      expect(screen.getByLabelText('Response text')).toHaveValue('Shorter draft. Deadline?');
    },
    SLOW,
  );
});

describe('/responses', () => {
  it(
    'lists responses with their pipeline fields and deletes with undo',
    async () => {
      common();
      const restored: string[] = [];
      server.use(
        http.get(`${TEST_API}/api/responses`, () =>
          HttpResponse.json({
            items: [response()],
            nextCursor: null,
            total: 1,
          } satisfies ResponseList),
        ),
        http.delete(
          `${TEST_API}/api/responses/${RESPONSE_ID}`,
          () => new HttpResponse(null, { status: 204 }),
        ),
        http.post(`${TEST_API}/api/responses/${RESPONSE_ID}/restore`, () => {
          restored.push(RESPONSE_ID);
          return HttpResponse.json(response());
        }),
      );
      const { user } = renderApp({ route: '/responses?status=draft', ...signedIn });
      const row = (await screen.findByRole('link', { name: 'React dashboard' })).closest('tr')!;
      expect(within(row).getByText('$500.00')).toBeInTheDocument();
      expect(within(row).getByText('82')).toBeInTheDocument();
      expect(within(row).getByText('16')).toBeInTheDocument();
      expect(screen.getByLabelText('Status')).toHaveValue('draft');

      await user.click(
        within(row).getByRole('button', { name: /Delete response for React dashboard/ }),
      );
      await user.click(await screen.findByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(restored).toEqual([RESPONSE_ID]));
    },
    SLOW,
  );
});
