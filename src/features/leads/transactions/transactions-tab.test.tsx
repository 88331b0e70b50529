import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import TransactionsTab from './transactions-tab';
import {
  JOB_ID,
  LEAD_ID,
  RESPONSE_ID,
  TX_FEE,
  TX_INCOME,
  feeRow,
  ledgerApi,
  transaction,
} from './transactions-test-fixtures';

const render = (route = '/leads?tab=transactions') =>
  renderWithProviders(<TransactionsTab />, { route, token: 'test-token' });

const rowOf = async (text: string) =>
  (await screen.findByText(text)).closest('[data-testid="transaction-row"]') as HTMLElement;

describe('the Transactions tab', () => {
  it('lists the ledger with signed amounts, source badges and the totals', async () => {
    ledgerApi([transaction(), feeRow]);
    render();

    const income = await rowOf('Milestone 1');
    expect(within(income).getByText('+$1,200.00')).toBeInTheDocument();
    expect(within(income).getByText('(money in)')).toBeInTheDocument();
    expect(within(income).getByText('Income')).toBeInTheDocument();
    expect(within(income).getByText('Upwork')).toBeInTheDocument();
    expect(within(income).getByText('Booking platform')).toBeInTheDocument();
    expect(within(income).getByText('Mar 4, 2026')).toBeInTheDocument();

    const fee = await rowOf('Service Fee');
    expect(within(fee).getByText('−$120.00')).toBeInTheDocument();
    expect(within(fee).getByText('(money out)')).toBeInTheDocument();

    const strip = screen.getByLabelText('Totals');
    expect(strip).toHaveTextContent('Net$1,080.00');
    expect(strip).toHaveTextContent('Fees 10.0% of income');
    expect(screen.getByText('2 transactions.', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Income by client' })).toHaveTextContent(
      'Acme Travel$1,200.00',
    );
  });

  it('shows where an income row came from: lead, response, job, template and portfolio', async () => {
    ledgerApi([transaction()]);
    render();
    const row = await rowOf('Milestone 1');
    expect(row).toHaveTextContent(
      'From Dana Reyes · response: Proposal: booking platform rebuild · job: Rebuild our booking platform · template: Short intro · portfolio: Hotel booking app',
    );
    expect(within(row).getByRole('link', { name: 'Dana Reyes' })).toHaveAttribute(
      'href',
      `/leads?lead=${LEAD_ID}`,
    );
    expect(
      within(row).getByRole('link', { name: 'Proposal: booking platform rebuild' }),
    ).toHaveAttribute('href', `/edit-response?id=${RESPONSE_ID}`);
    expect(within(row).getByRole('link', { name: 'Rebuild our booking platform' })).toHaveAttribute(
      'href',
      `/upwork-jobs?job=${JOB_ID}`,
    );
    expect(within(row).getByRole('link', { name: 'Hotel booking app' })).toHaveAttribute(
      'href',
      '/portfolio',
    );
  });

  it('keeps the filters in the address beside the tab and asks the API with them', async () => {
    const api = ledgerApi([transaction(), feeRow]);
    const { user } = render('/leads?tab=transactions&q=milestone');
    expect(await screen.findByLabelText('Search')).toHaveValue('milestone');
    await waitFor(() => expect(api.requests.at(-1)?.get('q')).toBe('milestone'));

    await user.selectOptions(screen.getByLabelText('Kind'), 'upwork_fee');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('kind=upwork_fee'),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('tab=transactions');
    await waitFor(() => expect(api.requests.at(-1)?.get('kind')).toBe('upwork_fee'));
    await waitFor(() => expect(screen.queryByText('Milestone 1')).toBeNull());

    await user.selectOptions(screen.getByLabelText('Sort by'), 'amount:asc');
    await waitFor(() => expect(api.requests.at(-1)?.get('sort')).toBe('amount'));
    expect(api.requests.at(-1)?.get('dir')).toBe('asc');
  });

  it('loads the next page with Load more', async () => {
    const api = ledgerApi([transaction()], { nextCursor: 'abc' });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(api.requests.some((r) => r.get('cursor') === 'abc')).toBe(true));
  });

  it('checks a new transaction before sending it, in minor units', async () => {
    const api = ledgerApi([transaction()]);
    const { user } = render();
    await screen.findByText('Milestone 1');
    await user.click(screen.getByRole('button', { name: 'Add transaction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add transaction' });

    await user.click(within(dialog).getByRole('button', { name: 'Add transaction' }));
    expect(await within(dialog).findByText('Enter the amount')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByLabelText('Amount'), '-5');
    await user.clear(within(dialog).getByLabelText('Currency'));
    await user.type(within(dialog).getByLabelText('Currency'), 'US');
    await user.click(within(dialog).getByRole('button', { name: 'Add transaction' }));
    expect(
      await within(dialog).findByText(
        'Enter the amount without a minus sign; the kind says which way it went',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Use a 3-letter ISO currency code such as USD'),
    ).toBeInTheDocument();
    expect(api.created).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '1,250.5');
    await user.type(within(dialog).getByLabelText('Currency'), 'd');
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'expense');
    await user.clear(within(dialog).getByLabelText('Date'));
    await user.type(within(dialog).getByLabelText('Date'), '2026-03-10');
    await user.type(within(dialog).getByLabelText('Description'), 'Design tools');
    await user.selectOptions(
      within(dialog).getByLabelText('Lead'),
      await within(dialog).findByRole('option', { name: 'Dana Reyes (Acme Travel)' }),
    );
    await user.selectOptions(
      await within(dialog).findByLabelText('Contract'),
      await within(dialog).findByRole('option', { name: /Booking platform/ }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add transaction' }));

    await waitFor(() => expect(api.created).toHaveLength(1));
    expect(api.created[0]).toEqual({
      kind: 'expense',
      amountMinor: 125_050,
      currency: 'USD',
      date: '2026-03-10',
      description: 'Design tools',
      leadId: LEAD_ID,
      contractId: '66666666-6666-4666-8666-666666666666',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Added the transaction.')).toBeInTheDocument();
  });

  it('lets an Upwork row change only its description and links', async () => {
    const api = ledgerApi([transaction()]);
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Edit Income of Mar 4, 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit transaction' });
    expect(dialog).toHaveTextContent('This row came from Upwork');
    expect(within(dialog).queryByLabelText('Amount')).toBeNull();
    const description = within(dialog).getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Milestone 1 of 3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patched).toHaveLength(1));
    expect(api.patched[0]).toEqual({
      description: 'Milestone 1 of 3',
      leadId: LEAD_ID,
      contractId: '66666666-6666-4666-8666-666666666666',
    });
  });

  it('says what a sync wrote, and links to the settings when Upwork is not connected', async () => {
    let connected = true;
    ledgerApi([transaction()], {
      sync: () =>
        connected
          ? HttpResponse.json({
              fetched: 42,
              created: 12,
              unchanged: 30,
              attributed: 3,
              syncedThrough: '2026-03-05',
            })
          : HttpResponse.json(
              {
                error: {
                  code: 'upwork_not_connected',
                  message: 'Connect Upwork first to sync transactions.',
                },
              },
              { status: 409 },
            ),
    });
    const { user } = render();
    await screen.findByText('Milestone 1');
    await user.click(screen.getByRole('button', { name: 'Sync with Upwork' }));
    expect(await screen.findByText(/12 new, 30 already here/)).toBeInTheDocument();

    connected = false;
    await user.click(screen.getByRole('button', { name: 'Sync with Upwork' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Connect Upwork first to sync transactions.');
    expect(within(alert).getByRole('link', { name: 'Connect Upwork in Settings' })).toHaveAttribute(
      'href',
      '/settings/account',
    );
  });

  it('previews a CSV import with its per-row errors and duplicates, then imports', async () => {
    const api = ledgerApi([transaction()], {
      importResult: (dryRun) => ({
        dryRun,
        rows: 4,
        valid: 2,
        imported: dryRun ? 0 : 2,
        errors: [{ line: 3, messages: ['The amount must be a positive number'] }],
        duplicates: [{ line: 5, reason: 'Same external_id as a transaction already here' }],
        preview: [
          {
            line: 2,
            date: '2026-03-01',
            kind: 'income',
            amountMinor: 10_000,
            currency: 'USD',
            description: 'Logo design',
            client: 'Bright Co',
          },
        ],
      }),
    });
    const { user } = render();
    await screen.findByText('Milestone 1');
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import transactions' });
    const csv = 'date,kind,amount,currency\n2026-03-01,income,100,USD\n';
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      // jsdom's File has no text(); browsers do.
      Object.assign(new File([csv], 'ledger.csv', { type: 'text/csv' }), {
        text: () => Promise.resolve(csv),
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(
      await within(dialog).findByText('4 rows: 2 ready to import, 1 error, 1 duplicate.'),
    ).toBeInTheDocument();
    const ready = within(dialog).getByRole('table', { name: 'Rows to import (the first 1)' });
    expect(within(ready).getAllByRole('row')[1]).toHaveTextContent(
      '2Mar 1, 2026Income+$100.00Bright CoLogo design',
    );
    const skipped = within(dialog).getByRole('table', { name: 'Rows that will be skipped' });
    const rows = within(skipped).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('3ErrorThe amount must be a positive number');
    expect(rows[2]).toHaveTextContent('5DuplicateSame external_id');
    expect(api.imports).toEqual([{ csv, dryRun: true }]);

    await user.click(within(dialog).getByRole('button', { name: 'Import 2 transactions' }));
    await waitFor(() => expect(api.imports.at(-1)).toEqual({ csv, dryRun: false }));
    expect(await screen.findByText('Imported 2 transactions.')).toBeInTheDocument();
  });

  it('deletes at once and brings the row back with Undo', async () => {
    const api = ledgerApi([transaction(), feeRow]);
    const { user } = render();
    await user.click(
      await screen.findByRole('button', { name: 'Delete Upwork fee of Mar 4, 2026' }),
    );
    await waitFor(() => expect(api.deleted).toEqual([TX_FEE]));
    expect(await screen.findByText('Deleted the upwork fee of Mar 4, 2026.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Service Fee')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(api.restored).toEqual([TX_FEE]));
    expect(await screen.findByText('Service Fee')).toBeInTheDocument();
    expect(screen.getByText('Milestone 1')).toBeInTheDocument();
    expect(api.deleted).not.toContain(TX_INCOME);
  });

  it('explains an empty ledger and offers a sync when Upwork is connected', async () => {
    ledgerApi([], { connected: true });
    render();
    const empty = await screen.findByRole('region', { name: 'No transactions yet' });
    expect(empty).toHaveTextContent('The ledger keeps the money each client brought');
    expect(
      await within(empty).findByRole('button', { name: 'Sync with Upwork' }),
    ).toBeInTheDocument();
    expect(within(empty).getByRole('button', { name: 'Add transaction' })).toBeInTheDocument();
    expect(within(empty).getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
  });

  it('shows cards instead of the table on a phone', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    try {
      ledgerApi([transaction()]);
      render();
      const list = await screen.findByRole('list', { name: 'Transactions' });
      expect(screen.queryByRole('table', { name: 'Transactions' })).toBeNull();
      expect(list).toHaveTextContent('response: Proposal: booking platform rebuild');
      expect(list).toHaveTextContent('+$1,200.00');
    } finally {
      window.matchMedia = original;
    }
  });
});
