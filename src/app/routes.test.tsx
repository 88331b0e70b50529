import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

function backendAnswers(overrides: Parameters<typeof backendUserJson>[0] = {}) {
  server.use(
    http.get(`${TEST_API}/api/users`, () => HttpResponse.json([backendUserJson(overrides)])),
  );
}

const signedIn = { session: { identity: identityUser() } };
const location = () => screen.getByTestId('location').textContent;

describe('route guards', () => {
  it('sends a signed-out visitor of a signed-in route to /login', async () => {
    renderApp({ route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it.each(['/settings/account', '/template-manager', '/settings'])(
    'guards %s too, like every signed-in route',
    async (route) => {
      renderApp({ route });
      await waitFor(() => expect(location()).toBe('/login'));
    },
  );

  it('sends a signed-in user from /login to /dashboard', async () => {
    backendAnswers();
    renderApp({ route: '/login', ...signedIn });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
  });

  it.each(['/no-such-page', '/'])('sends the unknown path %s to /dashboard', async (route) => {
    backendAnswers();
    renderApp({ route, ...signedIn });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
  });

  it("shows 'Loading...' with a spinner while the session loads", async () => {
    server.use(
      http.get(`${TEST_API}/api/users`, async () => {
        await delay(300);
        return HttpResponse.json(backendUserJson());
      }),
    );
    renderApp({ route: '/dashboard', ...signedIn });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it("shows 'Access Denied' on /users and /settings/users to a member", async () => {
    backendAnswers({ role: 'member' });
    renderApp({ route: '/users', ...signedIn });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('shows an admin the users table', async () => {
    backendAnswers({ role: 'admin' });
    server.use(
      http.get(`${TEST_API}/api/admin/users`, () =>
        HttpResponse.json({
          items: [
            backendUserJson({
              name: 'Grace Hopper',
              email: 'grace@example.com',
              role: 'admin',
              modules: ['response'],
            }),
          ],
          nextCursor: null,
          total: 1,
        }),
      ),
    );
    renderApp({ route: '/settings/users', ...signedIn });
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = await within(table).findByRole('row', { name: /Grace Hopper/ });
    expect(row).toHaveTextContent('grace@example.com');
    expect(row).toHaveTextContent('admin');
    // Administrators have every module, whatever their stored list says.
    expect(row).toHaveTextContent('all (admin)');
  });

  it("shows 'Help' and 'Coming soon.' on /support", async () => {
    backendAnswers();
    renderApp({ route: '/support', ...signedIn });
    expect(await screen.findByRole('heading', { name: 'Help' })).toBeInTheDocument();
    expect(screen.getByText('Coming soon.')).toBeInTheDocument();
  });

  it('redirects /transactions to the transactions tab of /leads', async () => {
    backendAnswers();
    renderApp({ route: '/transactions', ...signedIn });
    await waitFor(() => expect(location()).toBe('/leads?tab=transactions'));
  });
});

describe('module gating', () => {
  it("a route of a module the user lacks says it is 'not enabled for your account'", async () => {
    backendAnswers({ modules: ['upwork'] });
    renderApp({ route: '/responses', ...signedIn });
    expect(await screen.findByText(/not enabled for your account/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No responses yet' })).not.toBeInTheDocument();
  });

  it('names the administrators to ask, with email links', async () => {
    backendAnswers({ modules: [] });
    server.use(
      http.get(`${TEST_API}/api/profile/administrators`, () =>
        HttpResponse.json({ items: [{ name: 'Grace Admin', email: 'grace@example.com' }] }),
      ),
    );
    renderApp({ route: '/portfolio', ...signedIn });
    const contact = await screen.findByText(/^Your administrator:/);
    expect(contact).toHaveTextContent('Your administrator: Grace Admin (grace@example.com).');
    expect(screen.getByRole('link', { name: '(grace@example.com)' })).toHaveAttribute(
      'href',
      'mailto:grace@example.com',
    );
  });

  it('a route of an enabled module shows the screen', async () => {
    backendAnswers({ modules: ['proposal'] });
    renderApp({ route: '/quotes', ...signedIn });
    expect(await screen.findByRole('heading', { name: 'Quotes', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/not enabled for your account/)).not.toBeInTheDocument();
  });

  it('when the backend user cannot be loaded, gated routes are not enabled (no role)', async () => {
    server.use(
      http.get(`${TEST_API}/api/users`, () =>
        HttpResponse.text('<!doctype html><html></html>', {
          headers: { 'content-type': 'text/html' },
        }),
      ),
    );
    renderApp({ route: '/upwork-jobs', ...signedIn });
    expect(await screen.findByText(/not enabled for your account/)).toBeInTheDocument();
  });
});
