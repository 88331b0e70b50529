import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { LEAD_A, leadsApiFake, lead } from './leads-fixtures';
import LeadsPage from './leads-page';

const render = (route = `/leads?lead=${LEAD_A}`) =>
  renderWithProviders(<LeadsPage />, { route, token: 'test-token' });

describe('the lead panel', () => {
  it('saves only the changed fields and adds a note', async () => {
    const api = leadsApiFake([lead()]);
    const { user } = render();
    const panel = await screen.findByRole('dialog', { name: 'Acme' });
    expect(within(panel).getByText('Lead created')).toBeInTheDocument();
    const company = await within(panel).findByLabelText('Company');
    await user.clear(company);
    await user.type(company, 'Acme Holidays');
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ company: 'Acme Holidays' });
    expect(await within(panel).findByText('Saved.')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(within(panel).getByText('Write the note first')).toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Add a note'), 'Asked for a call on Friday');
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path.endsWith('/notes'))?.body).toEqual({
        body: 'Asked for a call on Friday',
      }),
    );
    expect(within(panel).getByLabelText('Add a note')).toHaveValue('');
  });

  it('shows a bad email under its field and sends nothing', async () => {
    const api = leadsApiFake([lead()]);
    const { user } = render();
    const panel = await screen.findByRole('dialog', { name: 'Acme' });
    const email = within(panel).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    expect(await within(panel).findByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('deletes with Undo, which brings the lead back', async () => {
    const api = leadsApiFake([lead()]);
    const { user } = render();
    const panel = await screen.findByRole('dialog', { name: 'Acme' });
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted Acme.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location')).not.toHaveTextContent('lead=');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === `/${LEAD_A}/restore`)).toBe(true));
    expect(await screen.findByRole('button', { name: 'Acme' })).toBeInTheDocument();
  });

  it('converts a won lead after checking the contract fields', async () => {
    const api = leadsApiFake([lead({ stage: 'won', valueMinor: 0 })]);
    const { user } = render();
    const panel = await screen.findByRole('dialog', { name: 'Acme' });
    await user.click(within(panel).getByRole('button', { name: 'Convert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert to a client' });
    expect(within(dialog).getByLabelText('Client name')).toHaveValue('Acme Travel');
    expect(within(dialog).getByLabelText('Contract title')).toHaveValue('Booking platform rebuild');
    expect(
      await within(dialog).findByText(/Connect Upwork in Settings to pick one/),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Contract title'));
    await user.click(within(dialog).getByRole('button', { name: 'Convert' }));
    expect(await within(dialog).findByText('Enter the rate or amount')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the contract title')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.endsWith('/convert'))).toBe(false);

    await user.type(within(dialog).getByLabelText('Contract title'), 'Booking platform');
    await user.click(within(dialog).getByLabelText('Hourly'));
    await user.type(within(dialog).getByLabelText('Hourly rate'), '85.50');
    await user.click(within(dialog).getByRole('button', { name: 'Convert' }));
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/convert'))).toBe(true));
    expect(api.calls.find((c) => c.path.endsWith('/convert'))?.body).toMatchObject({
      clientName: 'Acme Travel',
      contractTitle: 'Booking platform',
      type: 'hourly',
      amountMinor: 8_550,
      currency: 'USD',
      upworkContractId: null,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Convert to a client' })).toBeNull(),
    );
  });
});
