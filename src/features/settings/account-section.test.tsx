import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

async function profileSection() {
  return within(await screen.findByRole('region', { name: 'Profile' }));
}

describe('account section: display name', () => {
  it('saves a new display name and shows it in the top bar', async () => {
    let name = 'Ada Lovelace';
    const sent: unknown[] = [];
    server.use(
      http.get(`${TEST_API}/api/users`, () => HttpResponse.json(backendUserJson({ name }))),
      http.patch(`${TEST_API}/api/users/me`, async ({ request }) => {
        const body = (await request.json()) as { name: string };
        sent.push(body);
        name = body.name;
        return HttpResponse.json(backendUserJson({ name }));
      }),
    );
    const { user } = renderApp({
      route: '/settings/account',
      session: { identity: identityUser() },
    });

    const profile = await profileSection();
    const field = await profile.findByLabelText('Display name');
    expect(field).toHaveValue('Ada Lovelace');
    await user.clear(field);
    await user.type(field, '  Ada King ');
    await user.click(profile.getByRole('button', { name: 'Save name' }));

    expect(await profile.findByText('Your name was saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Ada King' }]);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Profile: Ada King/ })).toBeInTheDocument(),
    );
  });

  it('refuses an empty name without calling the API, and shows the server’s message on failure', async () => {
    let calls = 0;
    server.use(
      http.get(`${TEST_API}/api/users`, () => HttpResponse.json(backendUserJson())),
      http.patch(`${TEST_API}/api/users/me`, () => {
        calls += 1;
        return HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Check your input: body.name: name must be at most 120 characters',
            },
          },
          { status: 400 },
        );
      }),
    );
    const { user } = renderApp({
      route: '/settings/account',
      session: { identity: identityUser() },
    });
    const profile = await profileSection();
    const field = await profile.findByLabelText('Display name');
    await user.clear(field);
    await user.click(profile.getByRole('button', { name: 'Save name' }));
    expect(await profile.findByRole('alert')).toHaveTextContent('Enter a display name.');
    expect(calls).toBe(0);

    await user.type(field, 'Someone');
    await user.click(profile.getByRole('button', { name: 'Save name' }));
    expect(await profile.findByText(/must be at most 120 characters/)).toBeInTheDocument();
    expect(field).toHaveValue('Someone');
  });
});
