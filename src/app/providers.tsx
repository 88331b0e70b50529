import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';

import { SessionContext } from '@/lib/session';
import type { installBannerMachine } from '@/machines/install-banner.machine';
import type { sessionMachine } from '@/machines/session.machine';
import type { AppStore } from '@/store';

import { ApiRefusalBridge } from './api-refusal-bridge';
import { InstallBannerContext } from './install-banner-context';

export interface AppDependencies {
  store: AppStore;
  /** The session machine with its edges provided (real in the app, fakes in tests). */
  sessionLogic: typeof sessionMachine;
  installBannerLogic: typeof installBannerMachine;
}

/** Store, session actor and install banner actor for everything below. */
export function AppProviders({ deps, children }: { deps: AppDependencies; children: ReactNode }) {
  return (
    <ReduxProvider store={deps.store}>
      <SessionContext.Provider logic={deps.sessionLogic}>
        <ApiRefusalBridge store={deps.store} />
        <InstallBannerContext.Provider logic={deps.installBannerLogic}>
          {children}
        </InstallBannerContext.Provider>
      </SessionContext.Provider>
    </ReduxProvider>
  );
}
