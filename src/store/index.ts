import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  createListenerMiddleware,
  type Middleware,
  type WithSlice,
} from '@reduxjs/toolkit';

import type { api } from './api';
import { defaultStoreExtra, type StoreExtra } from './extra';
import { notificationsSlice } from './notifications.slice';
import { applyTheme, themeSet, themeSlice, themeToggled } from './theme.slice';

/**
 * The root reducer. The RTK Query slice is injected lazily (ensureApiInstalled in ./install-api) so the
 * login route does not download RTK Query (the login route's scripts stay under 170 KB gzip).
 */
export const rootReducer = combineSlices(themeSlice, notificationsSlice).withLazyLoadedSlices<
  WithSlice<typeof api>
>();

export type RootState = ReturnType<typeof rootReducer>;

/** One store recipe for the app and for tests (a fresh store per test). */
export function makeStore(preloadedState?: Partial<RootState>, extra: Partial<StoreExtra> = {}) {
  const storeExtra: StoreExtra = { ...defaultStoreExtra, ...extra };
  const listener = createListenerMiddleware();
  listener.startListening({
    predicate: (action) => themeToggled.match(action) || themeSet.match(action),
    effect: (_action, listenerApi) => {
      applyTheme((listenerApi.getState() as RootState).theme.dark);
    },
  });
  const dynamic = createDynamicMiddleware();

  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: storeExtra } })
        .prepend(listener.middleware)
        .concat(dynamic.middleware),
  });
  return Object.assign(store, {
    /** Adds a middleware once (RTK Query's, when the API slice is installed). */
    addMiddleware: (middleware: Middleware) => dynamic.addMiddleware(middleware),
    extra: storeExtra,
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
