import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { identityUser } from '@/testing/factories';
import { renderApp } from '@/testing/render';

import {
  QUOTE_ID,
  quoteDocument,
  quoteEditorApi,
  storedQuote,
  type SavedBody,
} from './quote-editor-fixtures';

const signedIn = { session: { identity: identityUser() } };
/** Whole-app renders on a shared 2-core machine, plus the autosave's pause. */
const SLOW = 30_000;
const route = `/edit-quote?id=${QUOTE_ID}`;

const lineGroup = (n: number) => screen.getByRole('group', { name: new RegExp(`^Line ${n}:`) });
const totalsText = () => screen.getByLabelText('Totals').textContent;

describe('/edit-quote pricing', () => {
  it(
    'recomputes line amounts and totals as quantity and rate change, and saves with the version',
    async () => {
      const saves: SavedBody[] = [];
      quoteEditorApi({ quote: () => storedQuote(), saves });
      const { user } = renderApp({ route, ...signedIn });
      // The first render of the file also loads the route's code.
      await screen.findByRole('group', { name: /^Line 1: Design/ }, { timeout: 10_000 });
      expect(totalsText()).toContain('$2,600.00');

      const quantity = within(lineGroup(1)).getByLabelText('Quantity');
      await user.clear(quantity);
      await user.type(quantity, '12');
      expect(within(lineGroup(1)).getByLabelText('Amount of line 1')).toHaveTextContent(
        '$1,200.00',
      );
      expect(totalsText()).toContain('$2,800.00');

      const rate = within(lineGroup(1)).getByLabelText('Rate (USD)');
      await user.clear(rate);
      await user.type(rate, '150.5');
      expect(within(lineGroup(1)).getByLabelText('Amount of line 1')).toHaveTextContent(
        '$1,806.00',
      );
      expect(totalsText()).toContain('$3,406.00');

      await waitFor(() => expect(saves.length).toBeGreaterThan(0), { timeout: 5_000 });
      const last = saves.at(-1)!;
      expect(last.baseVersion).toBe(3);
      expect(last.document.lineItems[0]).toMatchObject({ quantity: 12, rateMinor: 15_050 });
      expect(await screen.findByText(/^Saved \d\d:\d\d$/)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'refuses a rate that is not a number: the field says why and nothing is saved',
    async () => {
      const saves: SavedBody[] = [];
      quoteEditorApi({ quote: () => storedQuote(), saves });
      const { user } = renderApp({ route, ...signedIn });
      await screen.findByRole('group', { name: /^Line 1: Design/ });
      const rate = within(lineGroup(1)).getByLabelText('Rate (USD)');
      await user.clear(rate);
      await user.type(rate, '12x');
      expect(
        within(lineGroup(1)).getByText('Enter an amount such as 85 or 85.50.'),
      ).toBeInTheDocument();
      expect(screen.getByText('Not saved: fix the fields marked in red.')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(saves).toEqual([]);
    },
    SLOW,
  );

  it(
    'moves a line down with the keyboard-reachable button, announces it and saves the order',
    async () => {
      const saves: SavedBody[] = [];
      quoteEditorApi({ quote: () => storedQuote(), saves });
      const { user } = renderApp({ route, ...signedIn });
      const down = await screen.findByRole('button', { name: 'Move line 1 (Design) down' });
      down.focus();
      await user.keyboard('{Enter}');
      expect(lineGroup(1)).toHaveAccessibleName(/^Line 1: Build/);
      expect(lineGroup(2)).toHaveAccessibleName(/^Line 2: Design/);
      expect(screen.getByText('Moved Design to position 2 of 2.')).toBeInTheDocument();
      await waitFor(() => expect(saves).toHaveLength(1), { timeout: 5_000 });
      expect(saves[0]!.document.lineItems.map((l) => l.id)).toEqual(['line-build', 'line-design']);
      expect(saves[0]!.baseVersion).toBe(3);
    },
    SLOW,
  );
});

describe('/edit-quote removing a line', () => {
  it(
    'removes a line from the total and its milestone, and Undo puts both back',
    async () => {
      quoteEditorApi({ quote: () => storedQuote() });
      const { user } = renderApp({ route, ...signedIn });
      await user.click(
        await screen.findByRole('button', { name: 'Remove line 2 (Build)' }, { timeout: 10_000 }),
      );
      expect(screen.queryByRole('group', { name: /^Line 2:/ })).not.toBeInTheDocument();
      expect(totalsText()).toContain('$1,000.00');
      expect(screen.getByText('Removed Build.')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Undo' }));
      expect(lineGroup(2)).toHaveAccessibleName(/^Line 2: Build/);
      expect(totalsText()).toContain('$2,600.00');
      const milestone2 = screen.getByRole('group', { name: /^Milestone 2:/ });
      expect(within(milestone2).getByRole('checkbox', { name: 'Build' })).toBeChecked();
    },
    SLOW,
  );
});

describe('/edit-quote autosave conflicts', () => {
  it(
    'stops on a version conflict without overwriting, and Reload brings the other tab’s quote',
    async () => {
      const saves: SavedBody[] = [];
      let server = storedQuote();
      quoteEditorApi({
        quote: () => server,
        saves,
        putAnswer: () =>
          HttpResponse.json(
            { error: { code: 'version_conflict', message: 'The quote changed.' } },
            { status: 409 },
          ),
      });
      const { user } = renderApp({ route, ...signedIn });
      const title = await screen.findByLabelText('Title');
      await user.type(title, ' v2');
      expect(
        await screen.findByText(/This quote changed in another tab/, {}, { timeout: 5_000 }),
      ).toBeInTheDocument();
      expect(saves).toHaveLength(1);
      await user.type(title, ' again');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(saves).toHaveLength(1);

      server = storedQuote({
        version: 4,
        document: quoteDocument({ title: 'Saved in the other tab' }),
      });
      await user.click(screen.getByRole('button', { name: 'Reload' }));
      await waitFor(() =>
        expect(screen.getByLabelText('Title')).toHaveValue('Saved in the other tab'),
      );
      expect(screen.queryByText(/This quote changed in another tab/)).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'keeps the edits when the server cannot be reached, and Retry saves them',
    async () => {
      const saves: SavedBody[] = [];
      let down = true;
      quoteEditorApi({
        quote: () => storedQuote(),
        saves,
        putAnswer: () => (down ? HttpResponse.error() : undefined),
      });
      const { user } = renderApp({ route, ...signedIn });
      const title = await screen.findByLabelText('Title');
      await user.type(title, '!');
      expect(await screen.findByText(/Couldn’t save/, {}, { timeout: 5_000 })).toBeInTheDocument();
      expect(title).toHaveValue('Checkout rebuild!');
      down = false;
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText(/^Saved \d\d:\d\d$/)).toBeInTheDocument();
      expect(saves.at(-1)!.document.title).toBe('Checkout rebuild!');
    },
    SLOW,
  );
});
