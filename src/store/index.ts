import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';

import { api, defaultStoreExtra, type StoreExtra } from './api';
import { notificationsSlice } from './notifications.slice';
import { applyTheme, themeSet, themeSlice, themeToggled } from './theme.slice';

const rootReducer = combineSlices(api, themeSlice, notificationsSlice);

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

  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: storeExtra } })
        .prepend(listener.middleware)
        .concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
