import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { SavedSearch } from '@/contract/saved-searches';
import { identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';

import { SavedSearchesBar } from './saved-searches-bar';

/** The saved-search form's optional webhook: typed, shown masked, tested, removed. */

const signedIn = { session: { identity: identityUser() } };

function savedSearch(overrides: Partial<SavedSearch> = {}): SavedSearch {
  return {
    id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    name: 'Elixir',
    filters: { q: 'elixir' },
    alert: true,
    webhook: null,
    lastCheckedAt: null,
    lastMatchAt: null,
    newMatches: 0,
    createdAt: '2026-11-22T02:00:00.000Z',
    updatedAt: '2026-11-22T02:00:00.000Z',
    ...overrides,
  };
}

function answer(saved: SavedSearch[]) {
  const sent: { create: unknown[]; patch: unknown[]; tests: number } = {
    create: [],
    patch: [],
    tests: 0,
  };
  server.use(
    http.get(`${TEST_API}/api/saved-searches`, () =>
      HttpResponse.json({ items: saved, nextCursor: null }),
    ),
    http.post(`${TEST_API}/api/saved-searches`, async ({ request }) => {
      const body = (await request.json()) as { name: string };
      sent.create.push(body);
      return HttpResponse.json(savedSearch({ name: body.name }), { status: 201 });
    }),
    http.patch(`${TEST_API}/api/saved-searches/:id`, async ({ request }) => {
      sent.patch.push(await request.json());
      return HttpResponse.json(savedSearch());
    }),
    http.post(`${TEST_API}/api/saved-searches/:id/webhook-test`, () => {
      sent.tests += 1;
      return HttpResponse.json(
        { error: { code: 'webhook_failed', message: 'The webhook answered HTTP 404: no_service' } },
        { status: 422 },
      );
    }),
  );
  return sent;
}

const renderBar = () =>
  renderWithProviders(
    <SavedSearchesBar filters={{ q: 'elixir' }} activeId={null} onLoad={() => undefined} />,
    signedIn,
  );

describe('saved search webhook field', () => {
  it('a new search takes an optional webhook URL; a malformed one is refused before sending', async () => {
    const sent = answer([]);
    const { user } = renderBar();
    await user.click(await screen.findByRole('button', { name: 'Save search' }));
    const form = screen.getByRole('form', { name: 'Save search' });
    const field = within(form).getByRole('textbox', { name: /Webhook URL \(Slack or Telegram\)/ });

    await user.type(field, 'hooks.slack.com/services/T1/B2/secret');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Enter the full webhook URL, starting with https://',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent.create).toEqual([]);

    await user.clear(field);
    await user.type(field, 'https://hooks.slack.com/services/T1/B2/secret');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.create).toEqual([
        expect.objectContaining({
          name: 'elixir',
          webhookUrl: 'https://hooks.slack.com/services/T1/B2/secret',
        }),
      ]),
    );
  });

  it('editing shows the webhook masked with its last failure, tests it, and removes it on save', async () => {
    const sent = answer([
      savedSearch({
        webhook: {
          masked: 'hooks.slack.com/…',
          lastDeliveryAt: '2026-11-22T03:00:00.000Z',
          lastDeliveryError: 'The webhook did not answer within 5 seconds.',
        },
      }),
    ]);
    const { user } = renderBar();
    await user.click(await screen.findByRole('button', { name: 'Rename Elixir' }));
    const form = screen.getByRole('form', { name: 'Edit saved search' });
    expect(within(form).getByText('hooks.slack.com/…')).toBeInTheDocument();
    expect(within(form).getByText(/Last delivery failed/)).toHaveTextContent(
      'The webhook did not answer within 5 seconds.',
    );
    expect(form).not.toHaveTextContent('secret');

    await user.click(within(form).getByRole('button', { name: 'Send test message' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The webhook answered HTTP 404: no_service',
    );
    expect(sent.tests).toBe(1);

    await user.click(within(form).getByRole('button', { name: 'Remove' }));
    expect(form).toHaveTextContent('will be removed when you save');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent.patch).toEqual([{ name: 'Elixir', webhookUrl: null }]));
  });
});
