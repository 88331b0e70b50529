import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { observedFetch, OFFLINE_COPY_HEADER, resetConnectivity } from '@/lib/connectivity';
import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

const OFFLINE_TEXT = /You are offline\./;

describe('offline notice', () => {
  afterEach(() => resetConnectivity());

  it('shows when the signed-in user was read from the offline copy, though the browser says online', async () => {
    expect(navigator.onLine).toBe(true);
    server.use(
      http.get(`${TEST_API}/api/users`, () =>
        HttpResponse.json(backendUserJson(), { headers: { [OFFLINE_COPY_HEADER]: '1' } }),
      ),
    );
    renderApp({ route: '/dashboard', session: { identity: identityUser() } });
    expect(await screen.findByText(OFFLINE_TEXT)).toBeInTheDocument();
  });

  it('shows when API requests fail at the network level, and goes when one reaches the API', async () => {
    let network: 'down' | 'up' = 'up';
    server.use(
      http.get(`${TEST_API}/api/users`, () => HttpResponse.json(backendUserJson())),
      http.get(`${TEST_API}/api/activities`, () =>
        network === 'down'
          ? HttpResponse.error()
          : HttpResponse.json({ items: [], nextCursor: null }),
      ),
    );
    renderApp({ route: '/dashboard', session: { identity: identityUser() } });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();

    network = 'down';
    await observedFetch(`${TEST_API}/api/activities`).catch(() => undefined);
    expect(await screen.findByText(OFFLINE_TEXT)).toBeInTheDocument();

    network = 'up';
    await observedFetch(`${TEST_API}/api/activities`);
    await waitFor(() => expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument());
  });
});
