import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { Quote, QuoteShare } from '@/contract/quotes-api';
import { identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

import { QUOTE_ID, quoteDocument, quoteEditorApi, storedQuote } from './quote-editor-fixtures';

const signedIn = { session: { identity: identityUser() } };
const SLOW = 30_000;
const route = `/edit-quote?id=${QUOTE_ID}`;

describe('/edit-quote share dialog', () => {
  it(
    'creates a link with an expiry, shows its full address and views, and revokes it after asking',
    async () => {
      let current: Quote = storedQuote();
      const bodies: unknown[] = [];
      quoteEditorApi({ quote: () => current });
      server.use(
        http.post(`${TEST_API}/api/quotes/${QUOTE_ID}/share`, async ({ request }) => {
          bodies.push(await request.json());
          const share: QuoteShare = {
            path: '/q/abc123',
            expiresAt: '2026-12-31T23:59:59.000Z',
            createdAt: '2026-11-21T10:00:00.000Z',
            viewCount: 2,
            lastViewedAt: null,
          };
          current = storedQuote({ share });
          return HttpResponse.json(share, { status: 201 });
        }),
        http.delete(`${TEST_API}/api/quotes/${QUOTE_ID}/share`, () => {
          current = storedQuote();
          return new HttpResponse(null, { status: 204 });
        }),
      );
      const { user } = renderApp({ route, ...signedIn });
      await user.click(await screen.findByRole('button', { name: 'Share' }, { timeout: 10_000 }));
      const dialog = await screen.findByRole('dialog', { name: 'Share the quote' });
      await user.type(within(dialog).getByLabelText('Link expires after (optional)'), '2026-12-31');
      await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
      expect(await within(dialog).findByLabelText('Link for the client')).toHaveValue(
        `${window.location.origin}/q/abc123`,
      );
      expect(bodies).toEqual([{ expiresOn: '2026-12-31' }]);
      expect(within(dialog).getByText('Not opened yet')).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
      expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/q/abc123`);

      await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Revoke the link?' });
      await user.click(within(confirm).getByRole('button', { name: 'Revoke link' }));
      await waitFor(() =>
        expect(
          within(screen.getByRole('dialog', { name: 'Share the quote' })).getByRole('button', {
            name: 'Create link',
          }),
        ).toBeInTheDocument(),
      );
    },
    SLOW,
  );
});

describe('/edit-quote versions dialog', () => {
  it(
    'lists versions and restores one after asking, the editor starting again from it',
    async () => {
      quoteEditorApi({ quote: () => storedQuote() });
      const restored = storedQuote({
        version: 4,
        document: quoteDocument({ title: 'First draft' }),
      });
      const restores: string[] = [];
      server.use(
        http.get(`${TEST_API}/api/quotes/${QUOTE_ID}/versions`, () =>
          HttpResponse.json({
            items: [
              {
                number: 2,
                source: 'edited',
                title: 'Checkout rebuild',
                totalMinor: 260_000,
                currency: 'USD',
                savedAt: '2026-11-21T10:00:00.000Z',
              },
              {
                number: 1,
                source: 'generated',
                title: 'First draft',
                totalMinor: 250_000,
                currency: 'USD',
                savedAt: '2026-11-20T10:00:00.000Z',
              },
            ],
          }),
        ),
        http.post(`${TEST_API}/api/quotes/${QUOTE_ID}/versions/:number/restore`, ({ params }) => {
          restores.push(String(params.number));
          return HttpResponse.json(restored);
        }),
      );
      const { user } = renderApp({ route, ...signedIn });
      await user.click(
        await screen.findByRole('button', { name: 'Versions' }, { timeout: 10_000 }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Versions' });
      expect(await within(dialog).findByText('$2,500.00')).toBeInTheDocument();
      expect(within(dialog).getByText('Generated')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Restore version 1' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Restore version 1?' });
      await user.click(within(confirm).getByRole('button', { name: 'Restore' }));
      await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('First draft'));
      expect(restores).toEqual(['1']);
      expect(screen.queryByRole('dialog', { name: 'Versions' })).not.toBeInTheDocument();
    },
    SLOW,
  );
});
