import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { LazyChart } from './lazy-chart';

describe('LazyChart', () => {
  it('says Loading… and then draws each kind of chart as an SVG', async () => {
    const data = [
      { label: 'Mar 2', net: 1200, percent: 30 },
      { label: 'Mar 9', net: 400, percent: null },
    ];
    const { container } = renderWithProviders(
      <>
        <LazyChart
          kind="line"
          data={data}
          xKey="label"
          series={[{ key: 'percent', label: 'Rate' }]}
        />
        <LazyChart kind="bar" data={data} xKey="label" series={[{ key: 'net', label: 'Net' }]} />
        <LazyChart
          kind="funnel"
          steps={[
            { label: 'Sent', count: 10 },
            { label: 'Hired', count: 1 },
          ]}
        />
      </>,
    );
    expect(screen.getAllByText('Loading…').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
    await waitFor(() => expect(container.querySelectorAll('.recharts-wrapper')).toHaveLength(3));
    expect(container.querySelectorAll('.recharts-wrapper > svg')).toHaveLength(3);
    // The funnel labels each bar with its count.
    expect(container.querySelector('.recharts-label-list')).toHaveTextContent('10');
  });
});
