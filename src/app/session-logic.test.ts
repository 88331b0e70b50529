import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { makeStore } from '@/store';
import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';

import { fetchBackendUser } from './session-logic';

function storeWithToken() {
  const getToken = vi.fn((force?: boolean) =>
    Promise.resolve(force ? 'fresh-token' : 'cached-token'),
  );
  return { store: makeStore(undefined, { apiBaseUrl: TEST_API, getToken }), getToken };
}

describe('fetchBackendUser (GET /api/users through RTK Query)', () => {
  it('sends the email and a force-refreshed token and uses the first item of an array', async () => {
    let auth: string | null = null;
    let email: string | null = null;
    server.use(
      http.get(`${TEST_API}/api/users`, ({ request }) => {
        auth = request.headers.get('authorization');
        email = new URL(request.url).searchParams.get('email');
        return HttpResponse.json([
          backendUserJson({ name: 'First' }),
          backendUserJson({ name: 'Second' }),
        ]);
      }),
    );
    const { store, getToken } = storeWithToken();
    const user = await fetchBackendUser(store, identityUser());
    expect(user).toMatchObject({ name: 'First', role: 'member' });
    expect(getToken).toHaveBeenCalledWith(true);
    expect(auth).toBe('Bearer fresh-token');
    expect(email).toBe('ada@example.com');
  });

  it('accepts one object', async () => {
    server.use(
      http.get(`${TEST_API}/api/users`, () =>
        HttpResponse.json(backendUserJson({ role: 'admin' })),
      ),
    );
    const { store } = storeWithToken();
    await expect(fetchBackendUser(store, identityUser())).resolves.toMatchObject({ role: 'admin' });
  });

  it('notes when HTML came back instead of JSON', async () => {
    server.use(
      http.get(`${TEST_API}/api/users`, () =>
        HttpResponse.text('<!doctype html><html></html>', {
          headers: { 'content-type': 'text/html' },
        }),
      ),
    );
    const { store } = storeWithToken();
    await expect(fetchBackendUser(store, identityUser())).rejects.toThrow(/HTML instead of JSON/);
  });

  it('fails with the API message on an error answer', async () => {
    server.use(
      http.get(`${TEST_API}/api/users`, () =>
        HttpResponse.json(
          { error: { code: 'forbidden', message: 'Sign-up is closed' } },
          { status: 403 },
        ),
      ),
    );
    const { store } = storeWithToken();
    await expect(fetchBackendUser(store, identityUser())).rejects.toThrow(/403: Sign-up is closed/);
  });
});
