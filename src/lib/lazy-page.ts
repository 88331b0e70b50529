import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A failed chunk is fetched again this many times before the error screen shows. */
const RETRIES = 2;
const RETRY_DELAY_MS = 500;

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .+ failed/i.test(error.message))
  );
}

/**
 * React.lazy for a route module with a default export. A chunk that fails to load (rspack's
 * 'Loading chunk {n} failed.', 120 s timeout set in rsbuild.config.ts) is retried a couple of
 * times; the last error reaches the error screen.
 */
export function lazyPage<T extends ComponentType<object>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(async () => {
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
  });
}
