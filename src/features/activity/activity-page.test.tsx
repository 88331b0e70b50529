import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Activity } from '@/contract/activity';
import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

import { groupByDay } from './activity-days';
import { activityLink } from './activity-links';

const signedIn = { session: { identity: identityUser() } };
/** Whole-app renders on a shared 2-core machine. */
const SLOW = 20_000;

let counter = 0;
function entry(overrides: Partial<Activity> = {}): Activity {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    userId: '11111111-1111-4111-8111-111111111111',
    action: 'view_job',
    details: {},
    jobId: null,
    searchName: null,
    templateName: null,
    userAgent: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describe('activity entries', () => {
  it('group by local day with Today and Yesterday headings, newest first', () => {
    const now = new Date(2026, 10, 22, 15, 0);
    const days = groupByDay(
      [
        entry({ createdAt: new Date(2026, 10, 22, 9, 0).toISOString() }),
        entry({ createdAt: new Date(2026, 10, 21, 23, 0).toISOString() }),
        entry({ createdAt: new Date(2026, 10, 18, 12, 0).toISOString() }),
      ],
      now,
    );
    expect(days.map((day) => day.heading.slice(0, 9))).toEqual([
      'Today',
      'Yesterday',
      expect.stringMatching(/\w/),
    ]);
    expect(days[2]?.heading).not.toMatch(/Today|Yesterday/);
  });

  it('link to what they are about, and deletions to nothing', () => {
    const jobId = '22222222-2222-4222-8222-222222222222';
    expect(activityLink(entry({ jobId }))?.to).toBe(`/upwork-jobs?job=${jobId}`);
    expect(
      activityLink(entry({ action: 'edit_response', jobId, details: { responseId: 'r1' } }))?.to,
    ).toBe('/edit-response?id=r1');
    expect(
      activityLink(entry({ action: 'use_response_template', details: { templateId: 't1' } }))?.to,
    ).toBe('/templates');
    expect(activityLink(entry({ action: 'delete_response', details: { responseId: 'r1' } }))).toBe(
      null,
    );
    expect(activityLink(entry({ action: 'update_profile' }))?.to).toBe('/settings/profile');
    expect(activityLink(entry({ action: 'login' }))).toBe(null);
  });
});

describe('/activity', () => {
  beforeEach(() => {
    server.use(http.get(`${TEST_API}/api/users`, () => HttpResponse.json(backendUserJson())));
  });

  it(
    'lists the entries grouped by day with their links, and loads the next page',
    async () => {
      const jobId = '33333333-3333-4333-8333-333333333333';
      const requests: URL[] = [];
      server.use(
        http.get(`${TEST_API}/api/activities`, ({ request }) => {
          const url = new URL(request.url);
          requests.push(url);
          if (url.searchParams.get('cursor') === 'page2') {
            return HttpResponse.json({
              items: [entry({ action: 'login', createdAt: hoursAgo(24 * 9) })],
              nextCursor: null,
            });
          }
          return HttpResponse.json({
            items: [
              entry({
                action: 'view_job',
                jobId,
                details: { title: 'Shopify theme fixes' },
                createdAt: hoursAgo(0),
              }),
              entry({ action: 'logout', createdAt: hoursAgo(0) }),
            ],
            nextCursor: 'page2',
          });
        }),
      );
      const { user } = renderApp({ route: '/activity', ...signedIn });
      const today = await screen.findByRole('region', { name: 'Today' }, { timeout: SLOW });
      expect(within(today).getByText('Viewed a job')).toBeInTheDocument();
      expect(within(today).getByText('Shopify theme fixes')).toBeInTheDocument();
      expect(
        within(today).getByRole('link', { name: 'Open job: Shopify theme fixes' }),
      ).toHaveAttribute('href', `/upwork-jobs?job=${jobId}`);
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByText('Signed in', { selector: 'p' })).toBeInTheDocument();
      expect(screen.getByText('That is everything the filters select.')).toBeInTheDocument();
      expect(requests.at(-1)?.searchParams.get('cursor')).toBe('page2');
    },
    SLOW * 2,
  );

  it(
    'filters by action, days and words through the URL, and says when nothing matches',
    async () => {
      const requests: URL[] = [];
      server.use(
        http.get(`${TEST_API}/api/activities`, ({ request }) => {
          const url = new URL(request.url);
          requests.push(url);
          const filtered = url.searchParams.has('action') || url.searchParams.has('q');
          return HttpResponse.json({
            items: filtered ? [] : [entry({ action: 'login' })],
            nextCursor: null,
          });
        }),
      );
      const { user } = renderApp({ route: '/activity', ...signedIn });
      await screen.findByText('Signed in', { selector: 'p' }, { timeout: SLOW });
      await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Saved a search');
      expect(
        await screen.findByRole('heading', { name: 'No activity matches these filters' }),
      ).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent('action=save_saved_search');
      expect(requests.at(-1)?.searchParams.get('action')).toBe('save_saved_search');

      await user.type(screen.getByRole('searchbox', { name: 'Search activity' }), 'React');
      await user.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(requests.at(-1)?.searchParams.get('q')).toBe('React'));

      // The list refetches for the new words; the empty state comes back once they are answered.
      const region = await screen.findByRole('region', {
        name: 'No activity matches these filters',
      });
      await user.click(within(region).getByRole('button', { name: 'Clear filters' }));
      expect(await screen.findByText('Signed in', { selector: 'p' })).toBeInTheDocument();
      expect(screen.getByRole('searchbox', { name: 'Search activity' })).toHaveValue('');
    },
    SLOW * 2,
  );

  it(
    'sends the day range as instants, the end day included',
    async () => {
      const requests: URL[] = [];
      server.use(
        http.get(`${TEST_API}/api/activities`, ({ request }) => {
          requests.push(new URL(request.url));
          return HttpResponse.json({ items: [], nextCursor: null });
        }),
      );
      renderApp({ route: '/activity?from=2026-11-01&to=2026-11-03', ...signedIn });
      await screen.findByRole(
        'heading',
        { name: 'No activity matches these filters' },
        {
          timeout: SLOW,
        },
      );
      const sent = requests.at(-1)?.searchParams;
      expect(sent?.get('from')).toBe(new Date('2026-11-01T00:00:00').toISOString());
      expect(sent?.get('to')).toBe(new Date('2026-11-03T23:59:59.999').toISOString());
    },
    SLOW * 2,
  );

  it(
    'refuses a day range that runs backwards without asking the API',
    async () => {
      let asked = 0;
      server.use(
        http.get(`${TEST_API}/api/activities`, () => {
          asked += 1;
          return HttpResponse.json({ items: [], nextCursor: null });
        }),
      );
      renderApp({ route: '/activity?from=2026-11-05&to=2026-11-03', ...signedIn });
      expect(
        await screen.findByText(/The “From” day is after the “To” day/, undefined, {
          timeout: SLOW,
        }),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
      expect(asked).toBe(0);
    },
    SLOW * 2,
  );

  it(
    'shows a first-time user that nothing is logged yet, and a failure with Try again',
    async () => {
      let fail = true;
      server.use(
        http.get(`${TEST_API}/api/activities`, () =>
          fail
            ? HttpResponse.json(
                { error: { code: 'internal', message: 'The database is not answering.' } },
                { status: 503 },
              )
            : HttpResponse.json({ items: [], nextCursor: null }),
        ),
      );
      const { user } = renderApp({ route: '/activity', ...signedIn });
      const alert = await screen.findByText('The database is not answering.', undefined, {
        timeout: SLOW,
      });
      fail = false;
      await user.click(
        within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', {
          name: 'Try again',
        }),
      );
      expect(await screen.findByRole('heading', { name: 'No activity yet…' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    },
    SLOW * 2,
  );
});
