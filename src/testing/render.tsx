import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fromCallback, fromPromise } from 'xstate';

import { AppRoutes } from '@/app/app';
import { AppProviders } from '@/app/providers';
import { fetchBackendUser } from '@/app/session-logic';
import {
  installBannerMachine,
  type InstallBannerEvent,
  type InstallEventsCommand,
  type PlatformFacts,
} from '@/machines/install-banner.machine';
import { sessionMachine, type IdentityUser, type SessionEvent } from '@/machines/session.machine';
import { makeStore, type AppStore, type RootState } from '@/store';
import { ensureApiInstalled } from '@/store/install-api';

import { TEST_API } from './factories';

export interface TestSession {
  /** The identity user the fake auth listener reports; null means signed out. */
  identity: IdentityUser | null;
  /** Logging the logout; settles at once unless given. */
  logLogout?: () => Promise<void>;
}

export interface TestOptions {
  route?: string;
  /** Defaults to signed out. The backend user comes from MSW (GET /api/users). */
  session?: TestSession;
  preloadedState?: Partial<RootState>;
  token?: string | null;
  /** Install banner logic; defaults to one that stays hidden. */
  installBannerLogic?: typeof installBannerMachine;
}

/** Session logic with a fake auth listener; the backend user is fetched for real (through MSW). */
export function testSessionLogic(store: AppStore, session: TestSession) {
  return sessionMachine.provide({
    actors: {
      authListener: fromCallback<SessionEvent>(({ sendBack }) => {
        sendBack({ type: 'auth.changed', user: session.identity });
        return () => undefined;
      }),
      fetchBackendUser: fromPromise(({ input }) => fetchBackendUser(store, input.identity)),
      logLogout: fromPromise(session.logLogout ?? (() => Promise.resolve())),
      signOut: fromPromise(() => Promise.resolve()),
    },
    actions: { recordSignIn: () => undefined, clearSignInFlag: () => undefined },
  });
}

export const hiddenInstallBanner = installBannerMachine.provide({
  actors: {
    detectPlatform: fromPromise(() =>
      Promise.resolve<PlatformFacts>({ standalone: true, dismissed: false, ios: false }),
    ),
    installEvents: fromCallback<InstallEventsCommand, undefined, InstallBannerEvent>(
      () => () => undefined,
    ),
  },
});

/** Shows where the router is, so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function setup({
  session = { identity: null },
  preloadedState,
  token,
  installBannerLogic,
}: TestOptions) {
  const store = makeStore(preloadedState, {
    apiBaseUrl: TEST_API,
    getToken: () =>
      Promise.resolve(token !== undefined ? token : session.identity ? 'test-token' : null),
  });
  ensureApiInstalled(store);
  const deps = {
    store,
    sessionLogic: testSessionLogic(store, session),
    installBannerLogic: installBannerLogic ?? hiddenInstallBanner,
  };
  return { store, deps };
}

/** Renders the whole route table at `route` with a fresh store and an optional signed-in session. */
export function renderApp(options: TestOptions = {}) {
  const { store, deps } = setup(options);
  const user = userEvent.setup();
  const result = render(
    <AppProviders deps={deps}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, store, user };
}

/** Renders one component with the providers and a memory router. */
export function renderWithProviders(
  ui: ReactElement,
  options: TestOptions & { renderOptions?: RenderOptions } = {},
) {
  const { store, deps } = setup(options);
  const user = userEvent.setup();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders deps={deps}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <Routes>
          <Route path="*" element={children} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>
  );
  const result = render(ui, { wrapper: Wrapper, ...options.renderOptions });
  return { ...result, store, user };
}
