import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from 'react';

/** A failed chunk is fetched again this many times before the error screen shows. */
const RETRIES = 2;
const RETRY_DELAY_MS = 500;

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .+ failed/i.test(error.message))
  );
}

async function loadWithRetries<T>(load: () => Promise<T>): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRIES; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      lastError = error;
      if (!isChunkLoadError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * (attempt + 1)));
    }
  }
  throw lastError;
}

/** A route screen in its own chunk; preload() fetches it before it is rendered. */
export type LazyPage = FunctionComponent<object> & { preload: () => Promise<unknown> };

/**
 * React.lazy for a route module with a default export. A chunk that fails to load (rspack's
 * 'Loading chunk {n} failed.', 120 s timeout set in rsbuild.config.ts) is retried a couple of
 * times; the last error reaches the error screen.
 *
 * A screen whose chunk is already in (preloaded, or shown before) renders directly instead of
 * through React.lazy: React.lazy suspends once even then, and React 19 holds a revealed Suspense
 * boundary back up to 300 ms after its fallback, which would delay the login route's first paint.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType<object> }>): LazyPage {
  let loaded: ComponentType<object> | null = null;
  let pending: Promise<{ default: ComponentType<object> }> | null = null;
  const preload = () => {
    pending ??= loadWithRetries(load).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);

  function Page(props: object) {
    // Chosen once per mount, so a screen never switches component type (and loses its state).
    const [direct] = useState(() => loaded);
    return createElement(direct ?? Lazy, props);
  }
  return Object.assign(Page, { preload });
}
