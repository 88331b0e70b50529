import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';

import { lazyPage } from './lazy-page';

function Greeting() {
  return <h1>Hello</h1>;
}

describe('lazyPage', () => {
  it('shows the fallback while a screen that was not preloaded loads', async () => {
    const Page = lazyPage(() => Promise.resolve({ default: Greeting }));
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeTruthy();
  });

  it('renders a preloaded screen in the first pass, with no fallback', async () => {
    let loads = 0;
    const Page = lazyPage(() => {
      loads += 1;
      return Promise.resolve({ default: Greeting });
    });
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Hello' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(loads).toBe(1);
  });

  it('fetches a failed chunk again on the next preload', async () => {
    let attempts = 0;
    const Page = lazyPage(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new Error('boom, not a chunk error'))
        : Promise.resolve({ default: Greeting });
    });
    await expect(Page.preload()).rejects.toThrow('boom');
    await Page.preload();
    expect(attempts).toBe(2);
  });
});
