import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

import { server } from './msw/server';

// Lazy screens are transformed on first import in tests, which can take more than a second.
configure({ asyncUtilTimeout: 5000 });
// The machine is shared: a first render that imports a lazy screen can exceed the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.className = '';
});
afterAll(() => server.close());
