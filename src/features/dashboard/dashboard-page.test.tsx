import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { captureDownloads, readDownload } from '@/testing/downloads';
import { renderWithProviders } from '@/testing/render';

import {
  activeDashboard,
  dashboardApiFake,
  JOB_ID,
  newUserDashboard,
  type SentResponse,
} from './dashboard-fixtures';
import DashboardPage from './dashboard-page';

const render = (route = '/dashboard') =>
  renderWithProviders(<DashboardPage />, { route, token: 'test-token' });

/** The files handed to the browser's downloads. */
let downloads: Blob[] = [];
beforeEach(() => {
  downloads = captureDownloads();
});

function responses(list: Array<[SentResponse['reached'], number]>, week = '2026-03-02') {
  return list.map(([reached, connects]) => ({ reached, connects, week }));
}

const percent = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;

describe('/dashboard for a new user', () => {
  it('shows the first steps with their state in words instead of zeros, and the lists', async () => {
    const api = dashboardApiFake(newUserDashboard());
    render();
    const checklist = await screen.findByRole('region', { name: 'Get started' });
    const steps = within(checklist).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('Complete your profileDone'),
      expect.stringContaining('Add a portfolio itemNot done yet'),
      expect.stringContaining('Connect UpworkDone'),
      expect.stringContaining('Send your first responseNot done yet'),
    ]);
    expect(within(checklist).getByRole('link', { name: 'Add a portfolio item' })).toHaveAttribute(
      'href',
      '/portfolio',
    );
    expect(screen.queryByRole('region', { name: 'Key figures' })).toBeNull();
    expect(screen.queryByText('0%')).toBeNull();
    // Best new jobs matter most to a new user: the list is there, opening the job on Browse Jobs.
    expect(screen.getByRole('link', { name: 'Shopify store migration' })).toHaveAttribute(
      'href',
      `/upwork-jobs?job=${JOB_ID}`,
    );
    expect(screen.getByText('No unread messages.')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.activities.map((a) => a.action)).toEqual(['view_dashboard', 'dashboard_metrics']),
    );
    // The default period is the last 30 days, asked in the browser's zone.
    const query = api.queries[0];
    expect(query?.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const days =
      (Date.parse(query?.get('to') ?? '') - Date.parse(query?.get('from') ?? '')) / 864e5;
    expect(Math.round(days)).toBe(30);
  });
});

describe('/dashboard with history', () => {
  const current = responses([
    ['hired', 16],
    ['interview', 12],
    ['replied', 8],
    ['viewed', 6],
    ['sent', 6],
    ['sent', 4],
    ['replied', 8],
    ['viewed', 4],
  ]);
  const previous = responses(
    [
      ['replied', 6],
      ['sent', 6],
      ['sent', 6],
      ['sent', 6],
    ],
    '2026-02-02',
  );
  const earnings = [
    { start: '2026-03-03', incomeMinor: 150_000, deductionsMinor: 15_000, netMinor: 135_000 },
    { start: '2026-03-10', incomeMinor: 40_000, deductionsMinor: 4_000, netMinor: 36_000 },
  ];

  it('shows each KPI beside the previous period, with the change in words', async () => {
    dashboardApiFake(activeDashboard({ responses: current, previous, earnings }));
    render();
    const grid = await screen.findByRole('region', { name: 'Key figures' });
    const card = (label: string) => within(grid).getByText(label).parentElement as HTMLElement;
    const sent = card('Responses sent');
    expect(sent).toHaveTextContent(String(current.length));
    const change = Math.round((current.length / previous.length - 1) * 100);
    expect(sent).toHaveTextContent(`+${change}% vs previous 30 days (${previous.length})`);

    const replied = current.filter((r) => ['replied', 'interview', 'hired'].includes(r.reached));
    const repliedBefore = previous.filter((r) => r.reached === 'replied');
    const reply = card('Reply rate');
    expect(reply).toHaveTextContent(percent(replied.length, current.length));
    const points = Math.round(
      (replied.length / current.length - repliedBefore.length / previous.length) * 100,
    );
    expect(reply).toHaveTextContent(`+${points} points vs previous 30 days`);

    const net = earnings.reduce((sum, point) => sum + point.netMinor, 0);
    expect(card('Earnings')).toHaveTextContent(`$${(net / 100).toLocaleString('en-US')}`);
    // Nothing earned before: the previous period reads as zero, with no change to claim.
    expect(card('Earnings')).toHaveTextContent('Previous 30 days: $0');
    expect(card('Earnings')).not.toHaveTextContent('vs previous');
    expect(card('Cost per reply')).toHaveTextContent('–');
  });

  it('downloads the KPIs as CSV, one row per KPI with this period and the previous one', async () => {
    const api = dashboardApiFake(activeDashboard({ responses: current, previous, earnings }));
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Download KPIs (CSV)' }));
    expect(downloads).toHaveLength(1);
    const lines = (await readDownload(downloads[0])).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('KPI,This period,Previous period');
    expect(lines).toHaveLength(13);
    expect(lines).toContain(`Responses sent,${current.length},${previous.length}`);
    const connects = (list: SentResponse[]) => list.reduce((sum, r) => sum + r.connects, 0);
    expect(lines).toContain(`Connects spent,${connects(current)},${connects(previous)}`);
    // A rate with nothing to divide by is an empty cell, not 0.
    expect(lines).toContain('Cost per hire,,');
    await waitFor(() =>
      expect(api.activities.find((a) => a.action === 'dashboard_export')?.details).toMatchObject({
        format: 'csv',
        what: 'kpis',
      }),
    );
  });

  it("reads each chart as a table, and downloads a chart's rows as CSV", async () => {
    dashboardApiFake(activeDashboard({ responses: current, previous, earnings }));
    const { user } = render();
    const funnel = await screen.findByRole('figure', { name: 'Response funnel' });
    // The table is in the page for screen readers even while the chart shows.
    const table = within(funnel).getByRole('table', { name: 'Response funnel' });
    const hiredRow = within(table).getByRole('row', { name: /Hired/ });
    const hired = current.filter((r) => r.reached === 'hired').length;
    expect(hiredRow).toHaveTextContent(`Hired${hired}${percent(hired, current.length)}`);
    expect(within(funnel).getByRole('img')).toHaveAccessibleName(
      expect.stringContaining(`Of ${current.length} responses sent`),
    );

    const tableButton = within(funnel).getByRole('button', { name: 'Table' });
    await user.click(tableButton);
    expect(tableButton).toHaveAttribute('aria-pressed', 'true');
    expect(within(funnel).getByRole('img', { hidden: true })).not.toBeVisible();

    const earningsCard = screen.getByRole('figure', { name: 'Earnings by day' });
    await user.click(within(earningsCard).getByRole('button', { name: 'CSV of Earnings by day' }));
    const lines = (await readDownload(downloads.at(-1))).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Day,Income (USD),"Fees, refunds and expenses (USD)",Net (USD)');
    expect(lines.slice(1)).toEqual(
      earnings.map(
        (p) => `${p.start},${p.incomeMinor / 100},${p.deductionsMinor / 100},${p.netMinor / 100}`,
      ),
    );
  });

  it('asks again for a new period and logs the change', async () => {
    const api = dashboardApiFake(activeDashboard({ responses: current, previous, earnings }));
    const { user } = render();
    await screen.findByRole('region', { name: 'Key figures' });
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('period=7d'));
    await waitFor(() => expect(api.queries).toHaveLength(2));
    const last = api.queries[1]!;
    const days = (Date.parse(last.get('to') ?? '') - Date.parse(last.get('from') ?? '')) / 864e5;
    expect(Math.round(days)).toBe(7);
    await waitFor(() =>
      expect(api.activities.filter((a) => a.action === 'dashboard_metrics')).toHaveLength(2),
    );
    expect(api.activities.find((a) => a.action === 'dashboard_filter')?.details).toEqual({
      period: '7d',
      from: null,
      to: null,
    });
  });

  it('keeps the last good period when custom dates cannot be used', async () => {
    const api = dashboardApiFake(activeDashboard({ responses: current, previous, earnings }));
    const { user } = render('/dashboard?period=7d');
    await screen.findByRole('region', { name: 'Key figures' });
    await user.selectOptions(screen.getByLabelText('Period'), 'Custom');
    const first = screen.getByLabelText('First day');
    const last = screen.getByLabelText('Last day');
    await user.clear(first);
    await user.type(first, '2026-03-10');
    await user.clear(last);
    await user.type(last, '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The end date must be on or after the start date',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('period=7d');
    await user.clear(last);
    await user.type(last, '2026-03-12');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        'period=custom&from=2026-03-10&to=2026-03-12',
      ),
    );
    await waitFor(() => expect(api.queries).toHaveLength(2));
  });

  it('says when the dashboard cannot load and loads it again on Retry', async () => {
    const api = dashboardApiFake(activeDashboard({ responses: current, previous, earnings }));
    const { server } = await import('@/testing/msw/server');
    const { http, HttpResponse } = await import('msw');
    const { TEST_API } = await import('@/testing/factories');
    let failures = 1;
    server.use(
      http.get(`${TEST_API}/api/analytics/dashboard`, () => {
        if (failures-- > 0) {
          return HttpResponse.json(
            { error: { code: 'internal', message: 'The database is busy' } },
            { status: 503 },
          );
        }
        return undefined;
      }),
    );
    const { user } = render();
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is busy');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Key figures' })).toBeInTheDocument();
    expect(api.queries.length).toBeGreaterThan(0);
  });
});
