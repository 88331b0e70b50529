import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { LEAD_A, LEAD_B, LEAD_C, leadsApiFake, lead } from './leads-fixtures';
import LeadsPage from './leads-page';

const render = (route = '/leads') =>
  renderWithProviders(<LeadsPage />, { route, token: 'test-token' });

const three = () => [
  lead({ id: LEAD_A, contactName: 'Acme', stage: 'negotiation', tags: ['retainer'] }),
  lead({ id: LEAD_B, contactName: 'Bolt', company: '', stage: 'won', valueMinor: 100_000 }),
  lead({ id: LEAD_C, contactName: 'Cora', company: '', stage: 'won', valueMinor: 0, tags: [] }),
];

describe('/leads board', () => {
  it('renders the seven columns from the API with counts and values', async () => {
    leadsApiFake(three());
    render();
    const won = await screen.findByRole('region', { name: /^Won/ });
    expect(within(won).getByText('2 leads')).toBeInTheDocument();
    // The column's total and Bolt's card.
    expect(within(won).getAllByText('$1,000.00')).toHaveLength(2);
    for (const name of ['New', 'Contacted', 'Qualified', 'Proposal', 'Negotiation', 'Lost'])
      expect(screen.getByRole('region', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    const acme = within(screen.getByRole('list', { name: 'Negotiation leads' }));
    expect(acme.getByRole('button', { name: 'Acme' })).toBeInTheDocument();
    expect(acme.getByText('$2,500.00')).toBeInTheDocument();
    expect(acme.getByText('retainer')).toBeInTheDocument();
  });

  it('moves a card to Won by keyboard, calls /move and says where it landed', async () => {
    const api = leadsApiFake(three());
    const { user } = render();
    const move = await screen.findByRole('button', { name: 'Move Acme' });
    move.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('dialog', { name: 'Move Acme' });
    await user.click(within(menu).getByRole('button', { name: 'To Won' }));

    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/move'))).toBe(true));
    const call = api.calls.find((c) => c.path.endsWith('/move'))!;
    expect(call.path).toBe(`/${LEAD_A}/move`);
    expect(call.body).toEqual({ stage: 'won', beforeId: LEAD_B });
    expect(screen.getByText('Moved Acme to Won, position 1 of 3.')).toBeInTheDocument();
    const won = screen.getByRole('list', { name: 'Won leads' });
    await waitFor(() =>
      expect(
        within(won).getAllByRole('button', { name: /^(Acme|Bolt|Cora)$/ })[0],
      ).toHaveTextContent('Acme'),
    );
  });

  it('puts the card back and says why when the server refuses the move', async () => {
    leadsApiFake(three(), { failMove: true });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Move Acme' }));
    await user.click(await screen.findByRole('button', { name: 'To Lost' }));
    expect(
      await screen.findByText('Could not move Acme: The board changed. It is back where it was.'),
    ).toBeInTheDocument();
    const negotiation = screen.getByRole('list', { name: 'Negotiation leads' });
    await waitFor(() =>
      expect(within(negotiation).getByRole('button', { name: 'Acme' })).toBeInTheDocument(),
    );
    expect(within(screen.getByRole('list', { name: 'Lost leads' })).queryByText('Acme')).toBeNull();
  });

  it('keeps the search and filters in the address and asks the board with them', async () => {
    const api = leadsApiFake(three());
    const { user } = render('/leads?source=upwork');
    await screen.findByRole('region', { name: /^Won/ });
    expect(screen.getByLabelText('Source')).toHaveValue('upwork');
    await user.type(screen.getByLabelText('Search'), 'acme');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('q=acme'));
    await waitFor(() => expect(api.calls.at(-1)?.query.get('q')).toBe('acme'));
    expect(api.calls.at(-1)?.query.get('source')).toBe('upwork');
    await user.click(screen.getByLabelText('Next action due'));
    await waitFor(() => expect(api.calls.at(-1)?.query.get('due')).toBe('true'));
  });

  it('says how leads arrive when there are none, with New lead and Import CSV', async () => {
    leadsApiFake([]);
    render();
    const empty = await screen.findByRole('region', { name: 'No leads yet' });
    expect(empty).toHaveTextContent('when a client replies to one of your responses');
    expect(within(empty).getByRole('button', { name: 'New lead' })).toBeInTheDocument();
    expect(within(empty).getByRole('button', { name: /Import CSV/ })).toBeInTheDocument();
  });
});

describe('/leads tabs', () => {
  it('links the Pipeline and Transactions tabs, the current one marked', async () => {
    leadsApiFake(three());
    render();
    const tabs = screen.getByRole('navigation', { name: 'Leads sections' });
    expect(within(tabs).getByRole('link', { name: 'Pipeline' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getByRole('link', { name: 'Transactions' })).toHaveAttribute(
      'href',
      '/leads?tab=transactions',
    );
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });
});

describe('/leads?view=table', () => {
  it('sorts by a header and keeps the sort in the address', async () => {
    const api = leadsApiFake(three());
    const { user } = render('/leads?view=table');
    const table = await screen.findByRole('table', { name: 'Leads' });
    expect(within(table).getByRole('button', { name: 'Acme' })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Value' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('sort=value&dir=desc'),
    );
    await waitFor(() => expect(api.calls.at(-1)?.query.get('sort')).toBe('value'));
    expect(within(table).getByRole('columnheader', { name: /Value/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(within(table).getByRole('button', { name: /Value/ }));
    await waitFor(() => expect(api.calls.at(-1)?.query.get('dir')).toBe('asc'));
  });

  it('lets the person choose the columns and remembers the choice', async () => {
    leadsApiFake(three());
    const { user } = render('/leads?view=table');
    const table = await screen.findByRole('table', { name: 'Leads' });
    expect(within(table).queryByRole('columnheader', { name: 'Source' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Source' }));
    expect(within(table).getByRole('columnheader', { name: 'Source' })).toBeInTheDocument();
    expect(within(table).getAllByText('Upwork').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('checkbox', { name: 'Company' }));
    expect(within(table).queryByRole('columnheader', { name: 'Company' })).toBeNull();
    const stored = JSON.parse(window.localStorage.getItem('bidwright.leads.columns') ?? '[]');
    expect(stored).toContain('source');
    expect(stored).not.toContain('company');
  });
});
