import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { ChartCard, type ChartTable } from './chart-card';
import { toCsv } from './csv';
import { formatRate } from './format';

const weeks = [
  { week: '2026-03-02', sent: 10, rate: 0.3 },
  { week: '2026-03-09', sent: 4, rate: null },
];

const table: ChartTable = {
  columns: [
    { key: 'week', label: 'Week of' },
    { key: 'sent', label: 'Sent' },
    {
      key: 'rate',
      label: 'Reply rate',
      format: (v) => formatRate(typeof v === 'number' ? v : null),
    },
  ],
  rows: weeks,
};

function renderCard(chart: ReactNode, rows = table.rows) {
  return renderWithProviders(
    <ChartCard
      title="Reply rate by week"
      summary="Reply rate by week: 30% in the week of Mar 2."
      table={{ ...table, rows }}
      csvFileName="reply-rate.csv"
      pngFileName="reply-rate.png"
    >
      {chart}
    </ChartCard>,
  );
}

describe('ChartCard', () => {
  it('gives screen readers the table while the chart shows, and everyone on "Table"', async () => {
    const { user } = renderCard(
      <svg data-testid="chart">
        <rect width="10" height="10" />
      </svg>,
    );
    const figure = screen.getByRole('figure', { name: 'Reply rate by week' });
    const chart = within(figure).getByRole('img', { name: /30% in the week of Mar 2/ });
    const tableEl = within(figure).getByRole('table', { name: 'Reply rate by week' });
    const rows = within(tableEl).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Week ofSentReply rate',
      ...weeks.map((w) => `${w.week}${w.sent}${formatRate(w.rate)}`),
    ]);
    expect(tableEl.closest('.sr-only')).not.toBeNull();
    expect(within(figure).getByRole('button', { name: 'Chart' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(figure).getByRole('button', { name: 'Table' }));
    expect(within(figure).getByRole('button', { name: 'Table' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(tableEl.closest('.sr-only')).toBeNull();
    expect(chart).not.toBeVisible();
    // The image needs the chart on screen; the button says why it is off.
    const png = within(figure).getByRole('button', { name: 'PNG of Reply rate by week' });
    expect(png).toBeDisabled();
    expect(png).toHaveAccessibleDescription('PNG: Switch to the chart to save it as an image.');

    await user.click(within(figure).getByRole('button', { name: 'Chart' }));
    expect(chart).toBeVisible();
    expect(png).toBeEnabled();
  });

  it('keeps PNG off until the chart has drawn', () => {
    renderCard(<p>Loading…</p>);
    expect(
      screen.getByRole('button', { name: 'PNG of Reply rate by week' }),
    ).toHaveAccessibleDescription('PNG: The chart is still being drawn.');
  });

  it('says there is nothing to show instead of an empty chart and table', () => {
    renderCard(<svg />, []);
    expect(screen.getByText('Nothing to show for this period.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: /CSV/ })).toBeNull();
  });
});

describe('toCsv', () => {
  it('keeps text that a spreadsheet would run as a formula as text, and numbers as numbers', () => {
    const csv = toCsv(
      [
        { key: 'name', label: 'Template' },
        { key: 'sent', label: 'Sent' },
        { key: 'change', label: 'Change' },
      ],
      [
        { name: '=HYPERLINK("http://x.test")', sent: 3, change: -2 },
        { name: '@cmd', sent: 0, change: null },
        { name: 'Plain, with comma', sent: 12, change: 1.5 },
      ],
    );
    expect(csv.split('\r\n')).toEqual([
      'Template,Sent,Change',
      `"'=HYPERLINK(""http://x.test"")",3,-2`,
      `"'@cmd",0,`,
      '"Plain, with comma",12,1.5',
    ]);
  });
});
