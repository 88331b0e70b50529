import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { SavedSearch } from '@/contract/saved-searches';
import { TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

import { answer, job, setUpBrowserLikeLayout, signedIn } from './jobs-test-fixtures';

setUpBrowserLikeLayout();

/** Finding jobs again and moving around the list: filters, hidden jobs, errors, Escape. */
// The lazy page is transformed on first use, which takes seconds on a busy machine.
describe('/upwork-jobs list tools', { timeout: 20_000 }, () => {
  it('"More filters" counts only the filters folded inside it', async () => {
    answer({ jobs: [job()] });
    renderApp({ route: '/upwork-jobs?jobType=fixed&minScore=60&countries=US', ...signedIn });
    expect(
      await screen.findByText('More filters (1 set)', { selector: 'summary' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  it('the hidden filter lists hidden jobs, each with Unhide', async () => {
    const hidden = job({ hiddenAt: new Date().toISOString() });
    const seen = answer({ jobs: [hidden] });
    const { user } = renderApp({ route: '/upwork-jobs', ...signedIn });
    await screen.findByRole('article', { name: hidden.title }, { timeout: 15_000 });
    await user.click(screen.getByRole('checkbox', { name: 'Only hidden jobs' }));
    await waitFor(() => expect(seen.jobsQueries.at(-1)?.get('hidden')).toBe('true'));
    expect(screen.getByTestId('location')).toHaveTextContent('hidden=true');
    const row = screen.getByRole('article', { name: hidden.title });
    await user.click(within(row).getByRole('button', { name: `Unhide ${hidden.title}` }));
    await waitFor(() => expect(seen.bodies.patch).toEqual([{ id: hidden.id, hidden: false }]));
  });

  it('a refused filter value is named in plain words, with a way out', async () => {
    answer();
    server.use(
      http.get(`${TEST_API}/api/jobs`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Check your input: querystring.budgetMin: Minimum budget is too large',
              details: [{ path: 'querystring.budgetMin', message: 'Minimum budget is too large' }],
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderApp({ route: '/upwork-jobs?budgetMin=99999999999', ...signedIn });
    const alert = await screen.findByText('Minimum budget is too large.', undefined, {
      timeout: 15_000,
    });
    expect(alert.closest('[role="alert"]')).not.toHaveTextContent(/querystring|Check your input/);
    expect(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'Clear search and filters',
      }),
    ).toBeInTheDocument();
  });

  it('Escape closes the job details and gives focus back to the job', async () => {
    const one = job();
    answer({ jobs: [one] });
    const { user } = renderApp({ route: '/upwork-jobs', ...signedIn });
    const open = await screen.findByRole('button', { name: one.title }, { timeout: 15_000 });
    await user.click(open);
    await screen.findByRole('complementary', { name: 'Job details' });
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Job details' })).toBeNull(),
    );
    expect(screen.getByTestId('location')).not.toHaveTextContent('job=');
  });

  it('Escape keeps a saved search whose deletion was asked, and focus goes back', async () => {
    const search: SavedSearch = {
      id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
      name: 'Svelte',
      filters: { q: 'svelte' },
      alert: false,
      webhook: null,
      lastCheckedAt: null,
      lastMatchAt: null,
      newMatches: 0,
      createdAt: '2026-11-22T02:00:00.000Z',
      updatedAt: '2026-11-22T02:00:00.000Z',
    };
    answer({ jobs: [job()], saved: [search] });
    const { user } = renderApp({ route: '/upwork-jobs', ...signedIn });
    const remove = await screen.findByRole(
      'button',
      { name: 'Delete Svelte' },
      { timeout: 15_000 },
    );
    await user.click(remove);
    const confirm = screen.getByRole('alertdialog', { name: 'Delete saved search' });
    expect(within(confirm).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(remove).toHaveFocus();
  });
});
