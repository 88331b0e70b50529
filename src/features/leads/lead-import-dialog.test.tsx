import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { leadsApiFake } from './leads-fixtures';
import LeadsPage from './leads-page';

const CSV = [
  'contact_name,email,stage,value',
  'Acme,ops@acme.test,new,1200',
  ',bad,unknown,-4',
  'Acme again,ops@acme.test,new,10',
].join('\n');

describe('CSV import', () => {
  it('previews the file with its errors and duplicates, then imports the valid rows', async () => {
    const api = leadsApiFake([]);
    api.importResult = {
      dryRun: true,
      rows: 3,
      valid: 1,
      imported: 0,
      errors: [{ line: 3, messages: ['Enter the contact name', 'Unknown stage "unknown"'] }],
      duplicates: [{ line: 4, reason: 'Same email as line 2' }],
      preview: [
        {
          contactName: 'Acme',
          company: '',
          email: 'ops@acme.test',
          stage: 'new',
          valueMinor: 120_000,
          currency: 'USD',
        },
      ],
    };
    const { user } = renderWithProviders(<LeadsPage />, { route: '/leads', token: 'test-token' });
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import leads from CSV' });
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      // jsdom's File has no text(); browsers do.
      Object.assign(new File([CSV], 'leads.csv', { type: 'text/csv' }), {
        text: () => Promise.resolve(CSV),
      }),
    );

    expect(
      await within(dialog).findByText(/Line 3: Enter the contact name; Unknown stage "unknown"/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Line 4: Same email as line 2')).toBeInTheDocument();
    expect(within(dialog).getByText('1 ready to import')).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: '$1,200.00' })).toBeInTheDocument();
    const preview = api.calls.find((c) => c.path === '/import');
    expect(preview?.body).toEqual({ csv: CSV, dryRun: true });

    await user.click(within(dialog).getByRole('button', { name: 'Import 1 lead' }));
    expect(await within(dialog).findByText(/Imported 1 lead; 2 rows skipped/)).toBeInTheDocument();
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/import')).toHaveLength(2));
    expect(api.calls.filter((c) => c.path === '/import')[1]?.body).toEqual({
      csv: CSV,
      dryRun: false,
    });
  });
});
