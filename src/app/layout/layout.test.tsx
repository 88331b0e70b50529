import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';
import { countSet } from '@/store/notifications.slice';
import type { NotificationsPage } from '@/contract/notifications';

function signedInAs(overrides: Parameters<typeof backendUserJson>[0] = {}, route = '/dashboard') {
  server.use(
    http.get(`${TEST_API}/api/users`, () => HttpResponse.json(backendUserJson(overrides))),
  );
  return renderApp({ route, session: { identity: identityUser() } });
}

async function mainNav() {
  return within(await screen.findByRole('navigation', { name: 'Main' }));
}

describe('sidebar', () => {
  it('shows every link, in order, for a user with every module', async () => {
    signedInAs();
    const nav = await mainNav();
    const names = nav.getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual([
      'Dashboard',
      'Responses',
      'Quotes',
      'Browse Jobs',
      'Portfolio',
      'Leads',
      'Messages',
      'Activity',
    ]);
    expect(nav.getByRole('link', { name: 'Browse Jobs' })).toHaveAttribute('href', '/upwork-jobs');
    expect(nav.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/portfolio');
  });

  it('shows Portfolio only to users with the portfolio module', async () => {
    signedInAs({ modules: ['response'] });
    const nav = await mainNav();
    expect(nav.queryByRole('link', { name: 'Portfolio' })).not.toBeInTheDocument();
  });

  it('hides module links the user lacks and keeps Dashboard, Leads, Messages, Activity', async () => {
    signedInAs({ modules: [] });
    const nav = await mainNav();
    expect(nav.queryByRole('link', { name: 'Responses' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Quotes' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Browse Jobs' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Portfolio' })).not.toBeInTheDocument();
    for (const name of ['Dashboard', 'Leads', 'Messages', 'Activity']) {
      expect(nav.getByRole('link', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
  });

  it.each([
    [{ role: 'admin', modules: [] }, true],
    [{ role: 'member', modules: ['response'] }, true],
    [{ role: 'member', modules: ['portfolio'] }, true],
    [{ role: 'member', modules: ['proposal', 'upwork'] }, false],
  ] as const)('Settings for %o: %s', async (user, visible) => {
    signedInAs({ role: user.role, modules: [...user.modules] });
    await mainNav();
    const settings = screen.queryByRole('link', { name: 'Settings' });
    if (visible) expect(settings).toHaveAttribute('href', '/settings/account');
    else expect(settings).not.toBeInTheDocument();
  });

  it('shows Help, Logout, the version 1.0 and the copyright', async () => {
    signedInAs();
    await mainNav();
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/support');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByText('Version 1.0')).toBeInTheDocument();
    expect(screen.getByText(/© \d{4} Bidwright/)).toBeInTheDocument();
  });

  it('Logout signs out and goes to /login', async () => {
    const { user } = signedInAs();
    await mainNav();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('shows "Signing out…", not the sign-in form, until the sign-out has finished', async () => {
    let logged = () => {};
    server.use(http.get(`${TEST_API}/api/users`, () => HttpResponse.json(backendUserJson())));
    const { user } = renderApp({
      route: '/dashboard',
      session: {
        identity: identityUser(),
        logLogout: () => new Promise<void>((resolve) => (logged = resolve)),
      },
    });
    await mainNav();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Signing out…')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    act(() => logged());
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Signing out…')).not.toBeInTheDocument();
  });
});

describe('unread badge', () => {
  it.each([
    [0, null],
    [5, '5'],
    [99, '99'],
    [100, '99+'],
  ])('with %i unread shows %s', async (count, label) => {
    const { store } = signedInAs();
    const nav = await mainNav();
    act(() => {
      store.dispatch(countSet(count));
    });
    const messages = nav.getByRole('link', { name: /^Messages/ });
    const badge = within(messages).queryByTestId('unread-badge');
    if (label === null) expect(badge).not.toBeInTheDocument();
    else expect(badge).toHaveTextContent(label);
  });
});

describe('Messages badge', () => {
  it('shows the unread count loaded at sign-in', async () => {
    server.use(
      http.get(`${TEST_API}/api/messages/unread-count`, ({ request }) =>
        HttpResponse.json({
          count: request.headers.get('authorization') === 'Bearer test-token' ? 7 : 0,
        }),
      ),
    );
    const { store } = signedInAs();
    const nav = await mainNav();
    const messages = nav.getByRole('link', { name: /^Messages/ });
    expect(await within(messages).findByTestId('unread-badge')).toHaveTextContent('7');
    expect(store.getState().notifications.count).toBe(7);
  });

  it("follows 'messages_unread' events at once: '99+' above 99, hidden at 0", async () => {
    const stream = new TransformStream<Uint8Array, Uint8Array>();
    const writer = stream.writable.getWriter();
    const send = (count: number) =>
      writer.write(
        new TextEncoder().encode(`event: messages_unread\ndata: {"count":${count}}\n\n`),
      );
    server.use(
      http.get(`${TEST_API}/api/messages/unread-count`, () => HttpResponse.json({ count: 2 })),
      http.get(
        `${TEST_API}/api/events`,
        () =>
          new HttpResponse(stream.readable, { headers: { 'content-type': 'text/event-stream' } }),
        { once: true },
      ),
    );
    signedInAs();
    const nav = await mainNav();
    const messages = nav.getByRole('link', { name: /^Messages/ });
    expect(await within(messages).findByTestId('unread-badge')).toHaveTextContent('2');
    await send(120);
    await waitFor(() =>
      expect(within(messages).getByTestId('unread-badge')).toHaveTextContent('99+'),
    );
    await send(3);
    await waitFor(() =>
      expect(within(messages).getByTestId('unread-badge')).toHaveTextContent('3'),
    );
    await send(0);
    await waitFor(() => expect(within(messages).queryByTestId('unread-badge')).toBeNull());
    // Job alerts keep their own count: the bell has none.
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await writer.close();
  });

  it('drops a messages_unread event that does not match the contract', async () => {
    server.use(
      http.get(`${TEST_API}/api/messages/unread-count`, () => HttpResponse.json({ count: 4 })),
      http.get(
        `${TEST_API}/api/events`,
        () =>
          new HttpResponse('event: messages_unread\ndata: {"count":-5}\n\n', {
            headers: { 'content-type': 'text/event-stream' },
          }),
        { once: true },
      ),
    );
    const { store } = signedInAs();
    const nav = await mainNav();
    const messages = nav.getByRole('link', { name: /^Messages/ });
    expect(await within(messages).findByTestId('unread-badge')).toHaveTextContent('4');
    expect(store.getState().notifications.count).toBe(4);
  });
});

describe('event stream reconnect', () => {
  it('loads the bell and the Messages badge again after the stream reconnects', async () => {
    let unread = 1;
    let bellLoads = 0;
    server.use(
      http.get(`${TEST_API}/api/messages/unread-count`, () => HttpResponse.json({ count: unread })),
      http.get(`${TEST_API}/api/notifications`, () => {
        bellLoads += 1;
        return HttpResponse.json({ items: [], nextCursor: null, unreadCount: 0 });
      }),
      // The first stream says ready and ends (a replica going away); the next one stays open.
      http.get(
        `${TEST_API}/api/events`,
        () =>
          new HttpResponse('event: ready\ndata: {}\n\n', {
            headers: { 'content-type': 'text/event-stream' },
          }),
        { once: true },
      ),
      http.get(
        `${TEST_API}/api/events`,
        () =>
          new HttpResponse(
            new ReadableStream({
              start: (controller) =>
                controller.enqueue(new TextEncoder().encode('event: ready\ndata: {}\n\n')),
            }),
            { headers: { 'content-type': 'text/event-stream' } },
          ),
      ),
    );
    signedInAs();
    const nav = await mainNav();
    const messages = nav.getByRole('link', { name: /^Messages/ });
    expect(await within(messages).findByTestId('unread-badge')).toHaveTextContent('1');
    const loadsBefore = bellLoads;
    // A message arrived while the stream was down: its event was never received.
    unread = 5;
    await waitFor(
      () => expect(within(messages).getByTestId('unread-badge')).toHaveTextContent('5'),
      { timeout: 4_000 },
    );
    expect(bellLoads).toBeGreaterThan(loadsBefore);
  });
});

describe('top bar', () => {
  it('shows the display name and its initial in the profile link to /settings/account', async () => {
    signedInAs({ name: 'grace Hopper' });
    const profile = await screen.findByRole('link', { name: /Profile: grace Hopper/ });
    expect(profile).toHaveAttribute('href', '/settings/account');
    expect(profile).toHaveTextContent('G');
  });

  it('falls back to the email when there is no name', async () => {
    server.use(
      http.get(`${TEST_API}/api/users`, () => HttpResponse.json(backendUserJson({ name: null }))),
    );
    renderApp({ route: '/dashboard', session: { identity: identityUser({ displayName: null }) } });
    expect(
      await screen.findByRole('link', { name: 'Profile: ada@example.com' }),
    ).toBeInTheDocument();
  });

  it('the theme button names the theme it switches to, flips it, stores it and sets the root class', async () => {
    const { user } = signedInAs();
    const toggle = await screen.findByRole('button', { name: 'Switch to light theme' });
    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Switch to dark theme');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Switch to light theme');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('the first Tab reaches "Skip to content", which moves focus to the screen’s content', async () => {
    const { user } = signedInAs();
    await mainNav();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('the bell lists the stored alerts with its own unread count; mark all read clears it', async () => {
    let unread = true;
    server.use(
      http.get(`${TEST_API}/api/notifications`, () =>
        HttpResponse.json({
          items: [
            {
              id: '5c1d6a52-8f0e-4a3b-9d7c-1e2f3a4b5c6d',
              kind: 'saved_search_match',
              title: '2 new jobs for “React”',
              body: 'React dashboard (fit 80)',
              link: '/upwork-jobs?saved=1',
              readAt: unread ? null : '2026-11-22T03:05:00.000Z',
              createdAt: '2026-11-22T03:00:00.000Z',
            },
          ],
          nextCursor: null,
          unreadCount: unread ? 1 : 0,
        } satisfies NotificationsPage),
      ),
      http.post(`${TEST_API}/api/notifications/read-all`, () => {
        unread = false;
        return HttpResponse.json({ unreadCount: 0 });
      }),
    );
    const { user } = signedInAs();
    const nav = await mainNav();
    await user.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('2 new jobs for “React”')).toBeInTheDocument();
    // Alerts are not messages: the Messages link shows no count.
    expect(within(nav.getByRole('link', { name: /^Messages/ })).queryByText('1')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Mark “/ })).toBeNull();
  });

  it('the bell says when there are no alerts', async () => {
    const { user } = signedInAs();
    await mainNav();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText(/^No notifications yet\./)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('the menu button opens the drawer, which closes after a link click', async () => {
    const { user } = signedInAs();
    await mainNav();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Leads' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('heading', { name: 'Leads' })).toBeInTheDocument();
  });
});

describe('server events', () => {
  it("a 'notification' event from GET /api/events refreshes the bell, not the Messages badge", async () => {
    let stored = 0;
    server.use(
      http.get(`${TEST_API}/api/notifications`, () => {
        const items =
          stored === 0
            ? []
            : [
                {
                  id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
                  kind: 'saved_search_match' as const,
                  title: 'New message',
                  body: 'Hi',
                  link: null,
                  readAt: null,
                  createdAt: '2026-11-22T03:00:00.000Z',
                },
              ];
        return HttpResponse.json({ items, nextCursor: null, unreadCount: items.length });
      }),
      http.get(
        `${TEST_API}/api/events`,
        ({ request }) => {
          stored = 1;
          return new HttpResponse(
            request.headers.get('authorization') === 'Bearer test-token'
              ? 'event: notification\ndata: {"id":"n9","title":"New message","body":"Hi","createdAt":"2026-11-22T03:00:00.000Z"}\n\n'
              : '',
            { headers: { 'content-type': 'text/event-stream' } },
          );
        },
        { once: true },
      ),
    );
    const { store } = signedInAs();
    expect(
      await screen.findByRole('button', { name: 'Notifications (1 unread)' }),
    ).toBeInTheDocument();
    expect(store.getState().notifications.count).toBe(0);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });
});
