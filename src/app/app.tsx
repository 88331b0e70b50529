import { useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';

import { apiBaseUrl } from '@/config/api';
import { getIdToken } from '@/lib/firebase';
import { makeStore } from '@/store';
import type { StoreExtra } from '@/store/extra';

import { ErrorBoundary } from './error-boundary';
import { createInstallBannerLogic } from './install-banner-logic';
import { AppProviders, type AppDependencies } from './providers';
import { routes } from './routes';
import { createSessionLogic } from './session-logic';

/** The real wiring: Firebase tokens, the page's API address, the browser's install events. */
export function createAppDependencies(): AppDependencies {
  const storeExtra: StoreExtra = { getToken: getIdToken, apiBaseUrl };
  const store = makeStore(undefined, storeExtra);
  return {
    store,
    sessionLogic: createSessionLogic(store),
    installBannerLogic: createInstallBannerLogic(),
  };
}

/** The route table rendered with useRoutes (see routes.tsx for why not the data router). */
export function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  const [deps] = useState(createAppDependencies);
  return (
    <ErrorBoundary>
      <AppProviders deps={deps}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </ErrorBoundary>
  );
}
