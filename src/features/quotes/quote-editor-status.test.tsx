import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

import { QUOTE_ID, quoteDocument, quoteEditorApi, storedQuote } from './quote-editor-fixtures';

const signedIn = { session: { identity: identityUser() } };
const SLOW = 30_000;
const route = `/edit-quote?id=${QUOTE_ID}`;

describe('/edit-quote milestones', () => {
  it(
    'copies the milestones as Upwork takes them, amounts adding up to the total',
    async () => {
      quoteEditorApi({ quote: () => storedQuote() });
      const { user } = renderApp({ route, ...signedIn });
      // The first render of the file also loads the route's code.
      const copy = await screen.findByRole(
        'button',
        { name: 'Copy for Upwork' },
        { timeout: 10_000 },
      );
      await user.click(copy);
      const expected =
        'Milestone 1: Design — 866.67 — due 2026-12-01\nMilestone 2: Build — 1733.33';
      expect(await navigator.clipboard.readText()).toBe(expected);
      expect(await screen.findByText('Copied')).toBeInTheDocument();
      expect(screen.getByLabelText('Milestones for Upwork')).toHaveTextContent(
        'Milestone 1: Design — 866.67 — due 2026-12-01',
      );
      expect(screen.getByText('Milestones add up to $2,600.00.')).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('/edit-quote sending', () => {
  it(
    'lists leftover [Add: …] markers and keeps Mark as sent disabled until they are written',
    async () => {
      const statuses: unknown[] = [];
      const marker = '[Add: a link to a similar checkout you built]';
      const document = quoteDocument({ summary: `We rebuild the checkout. ${marker}` });
      quoteEditorApi({ quote: () => storedQuote({ document }) });
      server.use(
        http.post(`${TEST_API}/api/quotes/${QUOTE_ID}/status`, async ({ request }) => {
          statuses.push(await request.json());
          return HttpResponse.json(
            storedQuote({ document: { ...document, status: 'sent' }, status: 'sent', version: 5 }),
          );
        }),
      );
      const { user } = renderApp({ route, ...signedIn });
      const send = await screen.findByRole('button', { name: 'Mark as sent' });
      expect(send).toBeDisabled();
      expect(send).toHaveAccessibleDescription(/Write the one \[Add: …\] part/);
      const callout = screen.getByRole('region', {
        name: 'Write these parts yourself before sending',
      });
      expect(within(callout).getByText(marker)).toBeInTheDocument();
      expect(within(callout).getByText('Summary:')).toBeInTheDocument();

      const summary = screen.getByLabelText('Summary');
      await user.clear(summary);
      await user.type(summary, 'We rebuild the checkout.');
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Mark as sent' })).toBeEnabled(),
      );
      await user.click(screen.getByRole('button', { name: 'Mark as sent' }));
      await waitFor(() => expect(statuses).toEqual([{ status: 'sent' }]));
      expect(await screen.findByText('Marked as sent.')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'offers to state an uncovered RFP requirement as an assumption',
    async () => {
      quoteEditorApi({
        quote: () =>
          storedQuote({
            requirements: [
              { id: 'r1', text: 'A faster checkout', sentence: 'We need a faster checkout.' },
              { id: 'r2', text: 'Apple Pay support', sentence: 'It must take Apple Pay.' },
            ],
            missingRequirementIds: ['r2'],
          }),
      });
      const { user } = renderApp({ route, ...signedIn });
      const callout = await screen.findByRole('region', {
        name: 'One RFP requirement is not covered',
      });
      await user.click(
        within(callout).getByRole('button', { name: 'Add to assumptions: Apple Pay support' }),
      );
      expect(screen.getByLabelText('Assumption 1')).toHaveValue('Apple Pay support');
      expect(screen.queryByRole('region', { name: /not covered/ })).not.toBeInTheDocument();
    },
    SLOW,
  );
});

describe('/edit-quote decisions', () => {
  it(
    'shows who accepted and keeps the accepted quote read-only',
    async () => {
      const document = quoteDocument({ status: 'accepted' });
      quoteEditorApi({
        quote: () =>
          storedQuote({
            document,
            status: 'accepted',
            locked: true,
            acceptance: {
              name: 'Jane Client',
              acceptedAt: '2026-11-25T09:30:00.000Z',
              ip: '203.0.113.7',
              totalMinor: 260_000,
              currency: 'USD',
            },
          }),
      });
      renderApp({ route, ...signedIn });
      const decision = await screen.findByRole('region', { name: 'Accepted by Jane Client' });
      expect(decision).toHaveTextContent('$2,600.00');
      expect(decision).toHaveTextContent('203.0.113.7');
      expect(decision).toHaveTextContent('Accepted quotes are frozen');
      expect(screen.getByLabelText('Title')).toBeDisabled();
      expect(screen.getAllByLabelText('Rate (USD)')[0]).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Add line' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Mark as sent' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Export PDF' })).toBeEnabled();
    },
    SLOW,
  );

  it(
    'duplicates an accepted quote into a new draft that can be edited',
    async () => {
      const copyId = '9b2f6c1e-3d4a-4e5f-8a6b-7c8d9e0f1a2b';
      quoteEditorApi({
        quote: () =>
          storedQuote({
            document: quoteDocument({ status: 'accepted' }),
            status: 'accepted',
            locked: true,
            acceptance: {
              name: 'Jane Client',
              acceptedAt: '2026-11-25T09:30:00.000Z',
              ip: '203.0.113.7',
              totalMinor: 260_000,
              currency: 'USD',
            },
          }),
      });
      const duplicated: string[] = [];
      server.use(
        http.post(`${TEST_API}/api/quotes/${QUOTE_ID}/duplicate`, () => {
          duplicated.push(QUOTE_ID);
          return HttpResponse.json({ id: copyId }, { status: 201 });
        }),
        http.get(`${TEST_API}/api/quotes/${copyId}`, () =>
          HttpResponse.json(storedQuote({ id: copyId, title: 'Copy to revise' })),
        ),
      );
      const { user } = renderApp({ route, ...signedIn });
      await user.click(
        await screen.findByRole(
          'button',
          { name: 'Duplicate as a new draft' },
          { timeout: 10_000 },
        ),
      );
      await waitFor(() => expect(screen.getByLabelText('Title')).toBeEnabled());
      expect(duplicated).toEqual([QUOTE_ID]);
      expect(screen.queryByText('Accepted quotes are frozen', { exact: false })).toBeNull();
    },
    SLOW,
  );

  it(
    'says a missing quote was not found, with a way back to the list',
    async () => {
      quoteEditorApi({ quote: () => storedQuote() });
      server.use(
        http.get(`${TEST_API}/api/quotes/${QUOTE_ID}`, () =>
          HttpResponse.json(
            { error: { code: 'not_found', message: 'Quote not found' } },
            { status: 404 },
          ),
        ),
      );
      renderApp({ route, ...signedIn });
      const notFound = await screen.findByRole('region', { name: 'Quote not found' });
      expect(within(notFound).getByRole('link', { name: 'Go to quotes' })).toHaveAttribute(
        'href',
        '/quotes',
      );
    },
    SLOW,
  );
});
