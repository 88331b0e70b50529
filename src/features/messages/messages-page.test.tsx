import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { Message, MessageSyncResult } from '@/contract/messages';
import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

import {
  LEAD_ID,
  OTHER_ROOM_ID,
  QUOTE_ID,
  RESPONSE_ID,
  ROOM_ID,
  hoursAgo,
  room,
  roomList,
  thread,
} from './messages-fixtures';

function openMessages(route = '/messages') {
  server.use(http.get(`${TEST_API}/api/users`, () => HttpResponse.json(backendUserJson())));
  return renderApp({ route, session: { identity: identityUser() } });
}

const rooms = () => screen.findByRole('list', { name: 'Conversations' });

function sse(frames: string[], { close = true } = {}) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const frame of frames) controller.enqueue(encoder.encode(frame));
      if (close) controller.close();
    },
  });
  return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
}

describe('the room list', () => {
  it('explains where messages come from when Upwork is not connected, with the way to connect', async () => {
    server.use(
      http.get(`${TEST_API}/api/messages/rooms`, () =>
        HttpResponse.json(roomList([], { connected: false, lastSyncAt: null })),
      ),
    );
    openMessages();
    const empty = await screen.findByRole('region', { name: 'Upwork is not connected' });
    expect(within(empty).getByText(/Messages come from your Upwork conversations/)).toBeVisible();
    expect(within(empty).getByRole('link', { name: 'Connect Upwork in Settings' })).toHaveAttribute(
      'href',
      '/settings/account',
    );
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });

  it('says when there are no conversations yet', async () => {
    server.use(http.get(`${TEST_API}/api/messages/rooms`, () => HttpResponse.json(roomList([]))));
    openMessages();
    expect(await screen.findByRole('region', { name: 'No conversations yet' })).toBeVisible();
    expect(screen.getByText(/^Last checked/)).toBeVisible();
  });

  it('lists rooms with their client, job, preview and unread count; a wait past the target says so', async () => {
    server.use(
      http.get(`${TEST_API}/api/messages/rooms`, () =>
        HttpResponse.json(
          roomList([
            room(),
            room({
              id: OTHER_ROOM_ID,
              clientName: 'Linus Buyer',
              name: 'API integration',
              unread: 0,
              latestPreview: 'Thanks, talk soon',
              lastClientMessageAt: hoursAgo(3.2),
              lastMessageAt: hoursAgo(3),
            }),
          ]),
        ),
      ),
    );
    openMessages();
    const list = await rooms();
    const [late, recent] = within(list).getAllByTestId('room');
    expect(late).toHaveTextContent('Grace Client');
    expect(late).toHaveTextContent('React dashboard for logistics');
    expect(late).toHaveTextContent('Are you available for a call on Tuesday?');
    expect(late).toHaveTextContent('2 unread');
    expect(within(late!).getByText('Waiting 26 h — past your 24 h target')).toBeVisible();
    expect(within(recent!).getByText('Waiting 3 h')).toBeVisible();
    expect(recent).not.toHaveTextContent('unread');
  });

  it('filters by search words and "Unread only"', async () => {
    const seen: string[] = [];
    server.use(
      http.get(`${TEST_API}/api/messages/rooms`, ({ request }) => {
        const url = new URL(request.url);
        seen.push(url.search);
        const items =
          url.searchParams.get('unread') === 'true' || url.searchParams.get('q') ? [room()] : [];
        return HttpResponse.json(roomList(items));
      }),
    );
    const { user } = openMessages();
    await screen.findByRole('region', { name: 'No conversations yet' });
    await user.click(screen.getByRole('checkbox', { name: 'Unread only' }));
    expect(await rooms()).toBeVisible();
    expect(seen.some((search) => search.includes('unread=true'))).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Unread only' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'grace');
    await waitFor(() => expect(seen.some((search) => search.includes('q=grace'))).toBe(true));
  });

  it('Refresh checks Upwork and says what it found, or why it could not', async () => {
    let fail = false;
    server.use(
      http.get(`${TEST_API}/api/messages/rooms`, () => HttpResponse.json(roomList([room()]))),
      http.post(`${TEST_API}/api/messages/refresh`, () =>
        fail
          ? HttpResponse.json(
              {
                error: {
                  code: 'upwork_needs_reauth',
                  message: 'Upwork asks you to sign in again.',
                },
              },
              { status: 409 },
            )
          : HttpResponse.json({
              rooms: 1,
              newMessages: 2,
              leadsCreated: 0,
              unread: 2,
            } satisfies MessageSyncResult),
      ),
    );
    const { user } = openMessages();
    await rooms();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Checked Upwork: 2 new messages.')).toBeVisible();
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upwork asks you to sign in again.');
  });
});

describe('live updates', () => {
  it("a 'messages_unread' event shows the new room and the badge without a reload", async () => {
    const stream = new TransformStream<Uint8Array, Uint8Array>();
    const writer = stream.writable.getWriter();
    let arrived = false;
    server.use(
      http.get(`${TEST_API}/api/messages/rooms`, () =>
        HttpResponse.json(roomList(arrived ? [room({ unread: 1 })] : [])),
      ),
      http.get(
        `${TEST_API}/api/events`,
        () =>
          new HttpResponse(stream.readable, { headers: { 'content-type': 'text/event-stream' } }),
        { once: true },
      ),
    );
    openMessages();
    await screen.findByRole('region', { name: 'No conversations yet' });
    arrived = true;
    await writer.write(new TextEncoder().encode('event: messages_unread\ndata: {"count":1}\n\n'));
    expect(within(await rooms()).getByRole('button', { name: /Grace Client/ })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(within(nav).getByRole('link', { name: /^Messages/ })).getByTestId('unread-badge'),
    ).toHaveTextContent('1');
    await writer.close();
  });
});

describe('a thread', () => {
  function withThread(overrides: Parameters<typeof thread>[0] = {}) {
    server.use(
      http.get(`${TEST_API}/api/messages/rooms`, () => HttpResponse.json(roomList([room()]))),
      http.get(`${TEST_API}/api/messages/rooms/:id`, ({ params }) =>
        params.id === ROOM_ID
          ? HttpResponse.json(thread(overrides))
          : HttpResponse.json(
              { error: { code: 'not_found', message: 'Conversation not found' } },
              { status: 404 },
            ),
      ),
    );
  }

  it('opens from the list into ?room=, oldest first with authors, day separators and its context', async () => {
    withThread();
    const { user } = openMessages();
    await user.click(within(await rooms()).getByRole('button', { name: /Grace Client/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/messages?room=${ROOM_ID}`);
    const messages = await screen.findByRole('region', { name: 'Messages' });
    const bodies = within(messages).getAllByRole('article');
    expect(bodies.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Ada Lovelace (you)'),
      expect.stringContaining('Are you available for a call on Tuesday?'),
    ]);
    expect(within(messages).getAllByRole('heading', { level: 3 })).toHaveLength(2);
    const details = screen.getByRole('region', { name: 'Conversation details' });
    expect(
      within(details).getByRole('link', { name: /Response: React dashboard/ }),
    ).toHaveAttribute('href', `/edit-response?id=${RESPONSE_ID}`);
    expect(within(details).getByRole('link', { name: /Quote: Dashboard build/ })).toHaveAttribute(
      'href',
      `/edit-quote?id=${QUOTE_ID}`,
    );
    // On a phone, Back returns to the list.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/\/messages$/);
  });

  it('says when a room cannot be opened', async () => {
    withThread();
    openMessages(`/messages?room=${OTHER_ROOM_ID}`);
    expect(await screen.findByText('Conversation not found')).toBeVisible();
  });

  it('sends with Ctrl+Enter; the message appears at once and the box empties', async () => {
    withThread();
    let sent: unknown = null;
    server.use(
      http.post(`${TEST_API}/api/messages/rooms/:id/messages`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          {
            id: 'a0d49187-c2e3-4ef5-8a78-91a2b3c4d5e6',
            roomId: ROOM_ID,
            authorName: 'Ada Lovelace',
            fromClient: false,
            body: 'Tuesday at 10 works for me.',
            sentAt: new Date().toISOString(),
            origin: 'bidwright',
          } satisfies Message,
          { status: 201 },
        );
      }),
    );
    const { user } = openMessages(`/messages?room=${ROOM_ID}`);
    const box = await screen.findByRole('textbox', { name: 'Your reply' });
    await user.type(box, 'Tuesday at 10 works for me.');
    await user.keyboard('{Control>}{Enter}{/Control}');
    const messages = screen.getByRole('region', { name: 'Messages' });
    expect(await within(messages).findByText('Tuesday at 10 works for me.')).toBeVisible();
    expect(sent).toEqual({ body: 'Tuesday at 10 works for me.' });
    expect(box).toHaveValue('');
  });

  it('keeps the text and shows why when the send fails; an empty reply is not sent', async () => {
    withThread();
    let calls = 0;
    server.use(
      http.post(`${TEST_API}/api/messages/rooms/:id/messages`, () => {
        calls += 1;
        return HttpResponse.json(
          { error: { code: 'upwork_unavailable', message: 'Upwork did not answer. Try again.' } },
          { status: 502 },
        );
      }),
    );
    const { user } = openMessages(`/messages?room=${ROOM_ID}`);
    const box = await screen.findByRole('textbox', { name: 'Your reply' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Write the message first');
    expect(calls).toBe(0);
    await user.type(box, 'Tuesday works.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upwork did not answer. Try again.');
    expect(box).toHaveValue('Tuesday works.');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('"Draft a reply with AI" streams the draft into the box and lists the checks it failed', async () => {
    withThread();
    server.use(
      http.post(`${TEST_API}/api/messages/rooms/:id/draft`, () =>
        sse([
          'event: delta\ndata: {"type":"delta","text":"Hi Grace, "}\n\n',
          'event: delta\ndata: {"text":"Tuesday works."}\n\n',
          `event: done\ndata: ${JSON.stringify({
            type: 'done',
            text: 'Hi Grace, Tuesday at 10 works.',
            offline: true,
            checks: [
              {
                id: 'claims',
                label: 'No unbacked claims',
                passed: false,
                fixed: false,
                detail: 'Says "10 years"',
              },
              { id: 'empty', label: 'Not empty', passed: true, fixed: false, detail: '' },
            ],
          })}\n\n`,
        ]),
      ),
    );
    const { user } = openMessages(`/messages?room=${ROOM_ID}`);
    const box = await screen.findByRole('textbox', { name: 'Your reply' });
    await user.click(screen.getByRole('button', { name: 'Draft a reply with AI' }));
    await waitFor(() => expect(box).toHaveValue('Hi Grace, Tuesday at 10 works.'));
    expect(screen.getByText(/^Written offline/)).toBeVisible();
    expect(screen.getByText('No unbacked claims')).toBeVisible();
    expect(screen.queryByText('Not empty')).toBeNull();
    expect(box).not.toHaveAttribute('readonly');
  });

  it('a draft can be stopped and keeps what was written; typed text is replaced only after asking', async () => {
    withThread();
    server.use(
      http.post(`${TEST_API}/api/messages/rooms/:id/draft`, () =>
        sse(['event: delta\ndata: {"text":"Hi Grace,"}\n\n'], { close: false }),
      ),
    );
    const { user } = openMessages(`/messages?room=${ROOM_ID}`);
    const box = await screen.findByRole('textbox', { name: 'Your reply' });
    await user.type(box, 'My own words');
    await user.click(screen.getByRole('button', { name: 'Draft a reply with AI' }));
    const ask = await screen.findByRole('alertdialog', {
      name: 'Replace your text with an AI draft?',
    });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(box).toHaveValue('My own words');
    await user.click(screen.getByRole('button', { name: 'Draft a reply with AI' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Replace with draft',
      }),
    );
    await waitFor(() => expect(box).toHaveValue('Hi Grace,'));
    expect(screen.getByText('Writing a draft…')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText(/^Draft stopped/)).toBeVisible();
    expect(box).toHaveValue('Hi Grace,');
  });

  it('shows the refusal of a draft request', async () => {
    withThread();
    server.use(
      http.post(`${TEST_API}/api/messages/rooms/:id/draft`, () =>
        HttpResponse.json(
          { error: { code: 'rate_limited', message: 'Too many drafts. Wait a minute.' } },
          { status: 429 },
        ),
      ),
    );
    const { user } = openMessages(`/messages?room=${ROOM_ID}`);
    await screen.findByRole('textbox', { name: 'Your reply' });
    await user.click(screen.getByRole('button', { name: 'Draft a reply with AI' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many drafts. Wait a minute.');
  });

  it('"Create lead" creates the lead and links it', async () => {
    withThread();
    server.use(
      http.post(`${TEST_API}/api/messages/rooms/:id/lead`, ({ params }) =>
        params.id === ROOM_ID
          ? HttpResponse.json({ leadId: LEAD_ID }, { status: 201 })
          : HttpResponse.json({ error: { code: 'not_found', message: 'nope' } }, { status: 404 }),
      ),
    );
    const { user } = openMessages(`/messages?room=${ROOM_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Create lead' }));
    const lead = await screen.findByRole('link', { name: /Lead: Grace Client/ });
    expect(lead).toHaveAttribute('href', `/leads?lead=${LEAD_ID}`);
    expect(screen.queryByRole('button', { name: 'Create lead' })).toBeNull();
  });

  it('links the lead a thread already has', async () => {
    withThread({
      context: {
        lead: { id: LEAD_ID, contactName: 'Grace Client', stage: 'qualified' },
        response: null,
        quote: null,
      },
    });
    openMessages(`/messages?room=${ROOM_ID}`);
    expect(
      await screen.findByRole('link', { name: 'Lead: Grace Client (Qualified)' }),
    ).toHaveAttribute('href', `/leads?lead=${LEAD_ID}`);
    expect(screen.getByText('No response linked')).toBeVisible();
    expect(screen.getByText('No quote linked')).toBeVisible();
  });
});

describe('the reply-time target', () => {
  it('saves whole hours and refuses anything else', async () => {
    let saved: unknown = null;
    server.use(
      http.get(`${TEST_API}/api/messages/rooms`, () => HttpResponse.json(roomList([room()]))),
      http.put(`${TEST_API}/api/messages/settings`, async ({ request }) => {
        const body = (await request.json()) as { replyTargetHours: number };
        saved = body;
        return HttpResponse.json(body);
      }),
    );
    const { user } = openMessages();
    const field = await screen.findByRole('spinbutton', { name: 'Reply-time target (hours)' });
    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: 'Save target' }));
    expect(await screen.findByText('Enter between 1 and 336 hours')).toBeVisible();
    expect(saved).toBeNull();
    await user.clear(field);
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Save target' }));
    expect(await screen.findByText('Target saved.')).toBeVisible();
    expect(saved).toEqual({ replyTargetHours: 12 });
  });
});
