import { setupListeners } from '@reduxjs/toolkit/query';

import { api } from './api';
import { rootReducer, type AppStore } from './index';

const installed = new WeakSet<AppStore>();

/**
 * Plugs the API slice and its middleware into a store (idempotent). Called by the signed-in layout
 * and by the session before its first request, so RTK Query stays out of the login route.
 */
export function ensureApiInstalled(store: AppStore): void {
  if (installed.has(store)) return;
  installed.add(store);
  rootReducer.inject(api);
  store.addMiddleware(api.middleware);
  // The store computes the injected slice's initial state on its next action.
  store.dispatch({ type: 'api/installed' });
  setupListeners(store.dispatch);
}
