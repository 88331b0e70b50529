import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

const signedIn = { session: { identity: identityUser() } };
const location = () => screen.getByTestId('location').textContent;

const refusal = (status: number, code: string, message: string) =>
  HttpResponse.json({ error: { code, message } }, { status });

/** GET /api/users answers `first` once, then `later` (an administrator changed the account). */
function backendUserChanges(
  first: Parameters<typeof backendUserJson>[0],
  later: Parameters<typeof backendUserJson>[0] = first,
) {
  let calls = 0;
  server.use(
    http.get(`${TEST_API}/api/users`, () => {
      calls += 1;
      return HttpResponse.json([backendUserJson(calls === 1 ? first : later)]);
    }),
  );
}

const emptyPortfolioFacets = () =>
  http.get(`${TEST_API}/api/portfolio/facets`, () =>
    HttpResponse.json({ skills: [], industries: [], total: 0 }),
  );

describe('a 401 from the API ends the session', () => {
  it("a disabled account's list request lands on /login with the server's words", async () => {
    backendUserChanges({});
    server.use(
      http.get(`${TEST_API}/api/portfolio/items`, () =>
        refusal(401, 'user_disabled', 'This account is disabled. Contact your administrator.'),
      ),
      emptyPortfolioFacets(),
    );
    renderApp({ route: '/portfolio', ...signedIn });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This account is disabled. Contact your administrator.',
    );
  });

  it.each(['token_expired', 'token_revoked', 'unauthenticated'])(
    "a %s answer to the first GET /api/users shows the sign-in page with 'Your session has ended.'",
    async (code) => {
      server.use(
        http.get(`${TEST_API}/api/users`, () =>
          refusal(401, code, 'Sign in again (server words).'),
        ),
      );
      renderApp({ route: '/dashboard', ...signedIn });
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      expect(location()).toBe('/login');
      expect(screen.getByRole('alert')).toHaveTextContent('Your session has ended. Sign in again.');
      expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    },
  );

  it('a signed-out visitor sees no reason on the sign-in page', async () => {
    renderApp({ route: '/login' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('a 403 from the API shows the gate screen', () => {
  it("module_not_enabled shows the module's not-enabled screen", async () => {
    backendUserChanges({ modules: ['portfolio'] }, { modules: [] });
    server.use(
      http.get(`${TEST_API}/api/portfolio/items`, () =>
        refusal(
          403,
          'module_not_enabled',
          "The 'portfolio' module is not enabled for your account. Ask an administrator to enable it.",
        ),
      ),
      emptyPortfolioFacets(),
    );
    renderApp({ route: '/portfolio', ...signedIn });
    expect(
      await screen.findByText(/Portfolio is not enabled for your account/),
    ).toBeInTheDocument();
    expect(location()).toBe('/portfolio');
  });

  it('module_not_enabled closes the gate at once, even before the user is read again', async () => {
    // The second read never answers: the module named in the refusal is enough.
    let calls = 0;
    server.use(
      http.get(`${TEST_API}/api/users`, () => {
        calls += 1;
        if (calls > 1) return new Promise<never>(() => undefined);
        return HttpResponse.json([backendUserJson({ modules: ['portfolio'] })]);
      }),
      http.get(`${TEST_API}/api/portfolio/items`, () =>
        refusal(403, 'module_not_enabled', "The 'portfolio' module is not enabled."),
      ),
      emptyPortfolioFacets(),
    );
    renderApp({ route: '/portfolio', ...signedIn });
    expect(
      await screen.findByText(/Portfolio is not enabled for your account/),
    ).toBeInTheDocument();
  });

  it("forbidden for an administrator who lost the role shows 'Access Denied'", async () => {
    backendUserChanges({ role: 'admin' }, { role: 'member' });
    server.use(
      http.get(`${TEST_API}/api/admin/users`, () =>
        refusal(403, 'forbidden', 'Only administrators can do this.'),
      ),
    );
    renderApp({ route: '/users', ...signedIn });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/users'));
  });
});

describe('a 429 while loading the signed-in user', () => {
  it('ends on the sign-in page saying to wait, not on a signed-in screen without a role', async () => {
    server.use(
      http.get(`${TEST_API}/api/users`, () =>
        refusal(
          429,
          'rate_limited',
          'Too many failed sign-in attempts. Wait a minute and try again.',
        ),
      ),
    );
    renderApp({ route: '/users', ...signedIn });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Too many attempts from this network. Wait a minute and sign in again.',
    );
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
  });
});
