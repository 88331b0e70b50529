import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { MoneyTotals } from '@/contract/analytics-range';
import { formatMoney } from '@/contract/money';
import { activityLog, captureDownloads, readDownload } from '@/testing/downloads';
import { renderWithProviders } from '@/testing/render';

import QuoteAnalyticsPage from './quote-analytics-page';
import {
  emptyQuoteAnalytics,
  OPTIONAL_ROWS,
  quoteAnalytics,
  quoteAnalyticsApiFake,
  STATUS_ROWS,
  TEMPLATE_ROWS,
} from './quotes/quote-analytics-fixtures';

/** Renders of the page on a shared 2-core machine. */
const SLOW = 20_000;

const render = (route = '/quote-analytics?period=30d') =>
  renderWithProviders(<QuoteAnalyticsPage />, { route, token: 'test-token' });

/** A rate as the page writes it: whole percent from 10%, one decimal below. */
function rate(fraction: number): string {
  const percent = fraction * 100;
  return `${percent < 10 ? Math.round(percent * 10) / 10 : Math.round(percent)}%`;
}

function money(totals: MoneyTotals): string {
  return totals.map((amount) => formatMoney(amount.amountMinor, amount.currency)).join(', ');
}

/** The value a key-figure card shows under its label. */
function figure(totals: HTMLElement, label: string): string {
  return within(totals).getByText(label).nextSibling?.textContent ?? '';
}

function cellsOf(row: HTMLElement): string[] {
  return [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '');
}

function bodyRows(table: HTMLElement): HTMLElement[] {
  return within(table).getAllByRole('row').slice(1);
}

describe('/quote-analytics', () => {
  it(
    'shows the key figures, the acceptance rate against the previous period, and logs the visit',
    async () => {
      const logged = activityLog();
      const api = quoteAnalyticsApiFake();
      render();
      const data = quoteAnalytics();
      const totals = await screen.findByRole('region', { name: 'Totals' }, { timeout: SLOW });
      expect(screen.getByRole('heading', { level: 1, name: 'Quote Analytics' })).toBeVisible();
      for (const [label, value] of [
        ['Created', data.totals.created],
        ['Sent', data.totals.sent],
        ['Viewed', data.totals.viewed],
        ['Accepted', data.totals.accepted],
        ['Declined', data.totals.declined],
        ['Expired', data.totals.expired],
      ] as const) {
        expect(figure(totals, label), label).toBe(String(value));
      }
      const acceptance = data.totals.acceptanceRate ?? 0;
      const previous = data.totals.previousAcceptanceRate ?? 0;
      expect(figure(totals, 'Acceptance rate')).toBe(rate(acceptance));
      const change = (acceptance - previous) * 100;
      // Points to one decimal under ten, whole points from ten.
      const points = Math.abs(change) < 10 ? Math.round(change * 10) / 10 : Math.round(change);
      expect(
        within(totals).getByText(
          `${points > 0 ? '+' : '-'}${Math.abs(points)} points vs previous 30 days (${rate(previous)})`,
        ),
      ).toBeInTheDocument();
      expect(figure(totals, 'Total value')).toBe(money(data.totals.totalValue));
      expect(figure(totals, 'Accepted value')).toBe(money(data.totals.acceptedValue));
      expect(figure(totals, 'Median time to decision')).toBe(
        `${(data.totals.medianHoursToDecision ?? 0).toLocaleString('en-US')} h`,
      );
      // 52.5 hours is more than two days: said in days.
      expect(
        within(totals).getByText(
          `From the first send to the client's answer; mean ${
            Math.round(((data.totals.meanHoursToDecision ?? 0) / 24) * 10) / 10
          } days`,
        ),
      ).toBeInTheDocument();

      await waitFor(() =>
        expect(logged).toContainEqual(
          expect.objectContaining({ action: 'view_analytics', details: { page: 'quotes' } }),
        ),
      );
      expect(logged.filter((entry) => entry.action === 'view_analytics')).toHaveLength(1);
      const query = api.requests[0]?.searchParams;
      expect(query?.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(query?.get('tz')).toBeTruthy();
    },
    SLOW * 2,
  );

  it(
    'reads the value by status, the templates and the optional items as tables',
    async () => {
      quoteAnalyticsApiFake();
      const { user } = render();
      const byStatus = await screen.findByRole(
        'table',
        { name: 'Value by status' },
        { timeout: SLOW },
      );
      await user.click(screen.getByRole('button', { name: 'Table' }));
      const rows = bodyRows(byStatus);
      expect(rows).toHaveLength(STATUS_ROWS.length);
      STATUS_ROWS.forEach((status, index) => {
        const usd = status.value.find((amount) => amount.currency === 'USD')?.amountMinor ?? 0;
        const eur = status.value.find((amount) => amount.currency === 'EUR')?.amountMinor ?? 0;
        expect(cellsOf(rows[index]!)).toEqual([
          status.status.charAt(0).toUpperCase() + status.status.slice(1),
          String(status.current),
          String(status.reached),
          formatMoney(usd, 'USD'),
          formatMoney(eur, 'EUR'),
        ]);
      });

      const templates = screen.getByRole('table', { name: 'By template' });
      expect(bodyRows(templates).map(cellsOf)).toEqual(
        TEMPLATE_ROWS.map((row) => [
          row.label,
          String(row.created),
          String(row.sent),
          String(row.accepted),
          row.acceptanceRate === null ? '–' : rate(row.acceptanceRate),
          money(row.value),
          row.acceptedValue.length > 0 ? money(row.acceptedValue) : '–',
        ]),
      );

      const optional = screen.getByRole('table', { name: 'Which optional items clients tick' });
      expect(bodyRows(optional).map(cellsOf)).toEqual(
        OPTIONAL_ROWS.map((row) => [
          row.label,
          String(row.offered),
          String(row.ticked),
          rate(row.ticked / row.offered),
        ]),
      );
    },
    SLOW * 2,
  );

  it(
    'downloads the optional items as CSV, formula-safe, and logs export_data',
    async () => {
      const logged = activityLog();
      quoteAnalyticsApiFake();
      const files = captureDownloads();
      const { user } = render();
      await user.click(
        await screen.findByRole(
          'button',
          { name: 'CSV of Which optional items clients tick' },
          { timeout: SLOW },
        ),
      );
      const text = (await readDownload(files[0])).replace(/^\uFEFF/, '');
      expect(text.split('\r\n')).toEqual([
        'Optional item,Offered,Ticked,Tick rate',
        ...OPTIONAL_ROWS.map((row) =>
          [
            row.label.startsWith('=') ? `"'${row.label}"` : row.label,
            row.offered,
            row.ticked,
            row.ticked / row.offered,
          ].join(','),
        ),
      ]);
      await waitFor(() =>
        expect(logged).toContainEqual(
          expect.objectContaining({
            action: 'export_data',
            details: { page: 'quotes', table: 'optional_items' },
          }),
        ),
      );
    },
    SLOW * 2,
  );

  it(
    'says so when the period has no quotes, with a way to write one',
    async () => {
      quoteAnalyticsApiFake(() => emptyQuoteAnalytics());
      render();
      expect(
        await screen.findByText('No quotes created in this period', {}, { timeout: SLOW }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Generate a quote' })).toHaveAttribute(
        'href',
        '/generate-quotes',
      );
      expect(screen.queryByRole('region', { name: 'Totals' })).not.toBeInTheDocument();
    },
    SLOW * 2,
  );

  it(
    'explains a failed load and tries again on Retry',
    async () => {
      const api = quoteAnalyticsApiFake((index) => (index === 0 ? 'error' : quoteAnalytics()));
      const { user } = render();
      const alert = await screen.findByRole('alert', {}, { timeout: SLOW });
      expect(alert).toHaveTextContent('The database is not answering');
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(
        await screen.findByRole('region', { name: 'Totals' }, { timeout: SLOW }),
      ).toBeInTheDocument();
      expect(api.requests.length).toBeGreaterThanOrEqual(2);
    },
    SLOW * 2,
  );
});
