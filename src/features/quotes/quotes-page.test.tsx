import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { QuoteListItem, QuoteSummary } from '@/contract/quotes-api';
import { TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';

import QuotesPage from './quotes-page';

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';

function item(overrides: Partial<QuoteListItem> = {}): QuoteListItem {
  return {
    id: ID_A,
    title: 'Booking platform rebuild',
    clientName: 'Acme Travel',
    status: 'sent',
    statusChangedAt: '2026-11-20T10:00:00.000Z',
    currency: 'USD',
    totalMinor: 1_250_050,
    validUntil: '2026-12-20',
    viewCount: 3,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

const summary: QuoteSummary = {
  rows: [
    { status: 'sent', currency: 'USD', count: 1, totalMinor: 1_250_050 },
    { status: 'draft', currency: 'JPY', count: 2, totalMinor: 480_000 },
  ],
};

/** The list API over a mutable set of quotes; records each list request's query. */
function quotesApi(initial: QuoteListItem[]) {
  const state = { items: [...initial], requests: [] as URLSearchParams[], deleted: [] as string[] };
  server.use(
    http.get(`${TEST_API}/api/quotes`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      state.requests.push(params);
      const status = params.get('status');
      const items = state.items.filter((q) => !status || q.status === status);
      return HttpResponse.json({ items, nextCursor: null });
    }),
    http.get(`${TEST_API}/api/quotes/summary`, () => HttpResponse.json(summary)),
    http.delete(`${TEST_API}/api/quotes/:id`, ({ params }) => {
      const id = String(params.id);
      state.deleted.push(id);
      state.items = state.items.filter((q) => q.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

const render = (route = '/quotes') =>
  renderWithProviders(<QuotesPage />, { route, token: 'test-token' });

describe('/quotes', () => {
  it('lists quotes with totals in their own currency and totals by status', async () => {
    quotesApi([
      item(),
      item({
        id: ID_B,
        title: 'Kiosk app',
        clientName: '',
        status: 'draft',
        currency: 'JPY',
        totalMinor: 480_000,
        viewCount: 0,
      }),
    ]);
    render();

    const link = await screen.findByRole('link', { name: 'Booking platform rebuild' });
    expect(link).toHaveAttribute('href', `/edit-quote?id=${ID_A}`);
    const rowA = link.closest('tr')!;
    expect(within(rowA).getByText('$12,500.50')).toBeInTheDocument();
    expect(within(rowA).getByText('Acme Travel')).toBeInTheDocument();
    expect(within(rowA).getByText('Sent')).toBeInTheDocument();
    expect(within(rowA).getByText('Dec 20, 2026')).toBeInTheDocument();
    const rowB = screen.getByRole('link', { name: 'Kiosk app' }).closest('tr')!;
    // Yen have no minor unit: 480000 is ¥480,000, not ¥4,800.00.
    expect(within(rowB).getByText('¥480,000')).toBeInTheDocument();

    const totals = screen.getByRole('list', { name: 'Totals by status' });
    const drafts = await within(totals).findByRole('button', { name: /Draft\s*2/ });
    expect(drafts).toHaveTextContent('¥480,000');
    expect(within(totals).getByRole('button', { name: /Accepted\s*0/ })).toBeInTheDocument();
  });

  it('shows the empty state with a way to generate the first quote', async () => {
    quotesApi([]);
    render();
    expect(
      await screen.findByText(
        'No quotes yet. Paste or upload an RFP and Bidwright drafts a priced quote in seconds.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Generate quote/ })[0]).toHaveAttribute(
      'href',
      '/generate-quotes',
    );
  });

  it('keeps the status and the search in the address and asks the API with them', async () => {
    const api = quotesApi([item(), item({ id: ID_B, title: 'Kiosk app', status: 'draft' })]);
    const { user } = render('/quotes?q=kiosk');
    expect(await screen.findByLabelText('Search')).toHaveValue('kiosk');
    await waitFor(() => expect(api.requests.at(-1)?.get('q')).toBe('kiosk'));

    await user.selectOptions(screen.getByLabelText('Status'), 'draft');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('status=draft'));
    await waitFor(() => expect(api.requests.at(-1)?.get('status')).toBe('draft'));
    expect(await screen.findByRole('link', { name: 'Kiosk app' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Booking platform rebuild' })).toBeNull(),
    );

    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'acme');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('q=acme'));
    expect(screen.getByTestId('location')).toHaveTextContent('status=draft');

    // A status card filters too, and choosing it again shows every status.
    const sentCard = screen.getByRole('button', { name: /^Sent/ });
    await user.click(sentCard);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('status=sent'));
    await user.click(sentCard);
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('status='));
  });

  it('deletes a quote only after the confirmation', async () => {
    const api = quotesApi([item(), item({ id: ID_B, title: 'Kiosk app' })]);
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Delete Kiosk app' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete the quote “Kiosk app”?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Kiosk app' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete quote' }),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Kiosk app' })).toBeNull());
    expect(api.deleted).toEqual([ID_B]);
    expect(screen.getByRole('link', { name: 'Booking platform rebuild' })).toBeInTheDocument();
  });

  it('says when the list cannot be loaded and retries', async () => {
    let calls = 0;
    server.use(
      http.get(`${TEST_API}/api/quotes`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { error: { code: 'internal', message: 'Something went wrong on our side.' } },
              { status: 500 },
            )
          : HttpResponse.json({ items: [item()], nextCursor: null });
      }),
      http.get(`${TEST_API}/api/quotes/summary`, () => HttpResponse.json({ rows: [] })),
    );
    const { user } = render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('link', { name: 'Booking platform rebuild' }),
    ).toBeInTheDocument();
  });

  it('loads the next page with Load more', async () => {
    server.use(
      http.get(`${TEST_API}/api/quotes`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return HttpResponse.json(
          cursor === 'page2'
            ? { items: [item({ id: ID_B, title: 'Kiosk app' })], nextCursor: null }
            : { items: [item()], nextCursor: 'page2' },
        );
      }),
      http.get(`${TEST_API}/api/quotes/summary`, () => HttpResponse.json({ rows: [] })),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Kiosk app' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Booking platform rebuild' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
