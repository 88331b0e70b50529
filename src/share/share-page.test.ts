import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { PublicQuote } from '@/contract/quote-share';
import { TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';

import { NOT_FOUND_TEXT, startSharePage, tokenFromPath } from './share-page';

const TOKEN = 'a'.repeat(43);
const BASE = `${TEST_API}/api/public/quotes/${TOKEN}`;

function publicQuote(overrides: Partial<PublicQuote> = {}): PublicQuote {
  return {
    title: 'Checkout rebuild',
    clientName: 'Acme Stores',
    freelancer: { name: 'Dana Freelancer', title: 'React developer' },
    status: 'sent',
    currency: 'USD',
    validUntil: '2099-12-31',
    sections: {
      summary: '<p>We rebuild <strong>checkout</strong>.</p>',
      understanding: '',
      timeline: '<p>Three weeks.</p>',
      terms: '<p>Half up front.</p>',
    },
    scope: { in: ['Cart and payment pages'], out: ['Mobile apps'] },
    deliverables: [{ title: 'Checkout pages', description: 'Cart, payment, receipt' }],
    milestones: [
      {
        name: 'Build',
        durationDays: 10,
        dueDate: null,
        amountMinor: 110_000,
        lineItemIds: ['l1'],
        deliverables: [],
      },
      {
        name: 'Extras',
        durationDays: 5,
        dueDate: null,
        amountMinor: 0,
        lineItemIds: ['l2'],
        deliverables: [],
      },
    ],
    lineItems: [
      {
        id: 'l1',
        label: 'Checkout pages',
        description: '',
        quantity: 10,
        unit: 'hours',
        rateMinor: 10_000,
        amountMinor: 100_000,
        optional: false,
        selected: true,
      },
      {
        id: 'l2',
        label: 'Analytics events',
        description: '',
        quantity: 5,
        unit: 'hours',
        rateMinor: 10_000,
        amountMinor: 50_000,
        optional: true,
        selected: false,
      },
    ],
    discount: null,
    taxBasisPoints: 1_000,
    totals: { subtotalMinor: 100_000, discountMinor: 0, taxMinor: 10_000, totalMinor: 110_000 },
    assumptions: [],
    risks: [],
    acceptance: null,
    decline: null,
    canRespond: true,
    ...overrides,
  };
}

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement('main');
  document.body.appendChild(root);
  server.use(
    http.post(`${BASE}/views`, () =>
      HttpResponse.json({ viewId: crypto.randomUUID() }, { status: 201 }),
    ),
  );
});
afterEach(() => root.remove());

const totalCell = () => within(screen.getByRole('table')).getByText('Total').nextElementSibling;

describe('the share page', () => {
  it('reads the token from the path', () => {
    expect(tokenFromPath(`/q/${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromPath(`/q/${TOKEN}/`)).toBe(TOKEN);
  });

  it('shows the quote and updates the total when an optional item is ticked', async () => {
    const selections: unknown[] = [];
    server.use(
      http.get(BASE, () => HttpResponse.json(publicQuote())),
      http.put(`${BASE}/selection`, async ({ request }) => {
        selections.push(await request.json());
        return HttpResponse.json({ selectedLineIds: ['l2'], totals: publicQuote().totals });
      }),
    );
    await startSharePage(root, `/q/${TOKEN}`, TEST_API);
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout rebuild' })).toBeInTheDocument();
    expect(totalCell()).toHaveTextContent('$1,100.00');
    expect(screen.getByText(/accept this quote for \$1,100\.00/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Analytics events' }));
    expect(totalCell()).toHaveTextContent('$1,650.00');
    expect(screen.getByText(/accept this quote for \$1,650\.00/)).toBeInTheDocument();
    await waitFor(() => expect(selections).toEqual([{ selectedLineIds: ['l2'] }]));
  });

  it('accepts with the typed name and shows the confirmation', async () => {
    let sent: unknown;
    server.use(
      http.get(BASE, () => HttpResponse.json(publicQuote())),
      http.post(`${BASE}/accept`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          publicQuote({
            status: 'accepted',
            canRespond: false,
            acceptance: {
              name: 'Jordan Client',
              acceptedAt: '2026-11-23T10:00:00.000Z',
              totalMinor: 110_000,
            },
          }),
        );
      }),
    );
    await startSharePage(root, `/q/${TOKEN}`, TEST_API);
    await userEvent.type(screen.getByLabelText('Your full name'), 'Jordan Client');
    await userEvent.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByRole('heading', { name: 'Quote accepted' })).toBeInTheDocument();
    expect(screen.getByText(/Accepted by Jordan Client on .* for \$1,100\.00/)).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Jordan Client', selectedLineIds: [] });
    expect(screen.queryByRole('button', { name: 'Accept quote' })).not.toBeInTheDocument();
  });

  it('explains a link that does not open', async () => {
    server.use(
      http.get(BASE, () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'x' } }, { status: 404 }),
      ),
    );
    await startSharePage(root, `/q/${TOKEN}`, TEST_API);
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeInTheDocument();
  });

  it('offers a retry after a network error', async () => {
    let calls = 0;
    server.use(
      http.get(BASE, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json(publicQuote());
      }),
    );
    await startSharePage(root, `/q/${TOKEN}`, TEST_API);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Checkout rebuild' }),
    ).toBeInTheDocument();
  });
});
