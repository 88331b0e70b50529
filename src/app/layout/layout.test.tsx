import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';
import { countSet, notificationAdded } from '@/store/notifications.slice';

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
  it('shows every link for a user with every module', async () => {
    signedInAs();
    const nav = await mainNav();
    for (const name of [
      'Dashboard',
      'Responses',
      'Quotes',
      'Browse Jobs',
      'Leads',
      'Messages',
      'Activity',
    ]) {
      expect(nav.getByRole('link', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    expect(nav.getByRole('link', { name: 'Browse Jobs' })).toHaveAttribute('href', '/upwork-jobs');
  });

  it('hides module links the user lacks and keeps Dashboard, Leads, Messages, Activity', async () => {
    signedInAs({ modules: [] });
    const nav = await mainNav();
    expect(nav.queryByRole('link', { name: 'Responses' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Quotes' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Browse Jobs' })).not.toBeInTheDocument();
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

  it('the dark-mode toggle flips the theme, stores it and sets the root class', async () => {
    const { user } = signedInAs();
    const toggle = await screen.findByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('the notifications button opens the new messages, and clear all empties them', async () => {
    const { store, user } = signedInAs();
    await mainNav();
    act(() => {
      store.dispatch(
        notificationAdded({
          id: 'n1',
          title: 'Client replied',
          body: 'Can we talk?',
          createdAt: '2026-11-22T03:00:00.000Z',
        }),
      );
    });
    await user.click(screen.getByRole('button', { name: 'Notifications (1 unread)' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('Client replied')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Clear all' }));
    expect(within(panel).getByText('No new messages.')).toBeInTheDocument();
    expect(store.getState().notifications.count).toBe(0);
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
  it("adds a 'notification' event from GET /api/events to the unread count", async () => {
    server.use(
      http.get(
        `${TEST_API}/api/events`,
        ({ request }) =>
          new HttpResponse(
            request.headers.get('authorization') === 'Bearer test-token'
              ? 'event: notification\ndata: {"id":"n9","title":"New message","body":"Hi","createdAt":"2026-11-22T03:00:00.000Z"}\n\n'
              : '',
            { headers: { 'content-type': 'text/event-stream' } },
          ),
        { once: true },
      ),
    );
    const { store } = signedInAs();
    await waitFor(() => expect(store.getState().notifications.count).toBe(1));
    expect(store.getState().notifications.items[0]?.title).toBe('New message');
  });
});
