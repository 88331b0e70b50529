import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

import { SessionLoading, SigningOut } from '@/components/ui/loading';
import { paths } from '@/config/paths';
import type { Module } from '@/contract/user';
import { lazyPage } from '@/lib/lazy-page';
import {
  hasModule,
  isAdmin,
  useCurrentUser,
  useSessionStarting,
  useSessionStatus,
  useSigningOut,
} from '@/lib/session';

/** Signed-in routes: loading shows the spinner, signed out goes to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSessionStatus();
  const location = useLocation();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'signedOut') {
    return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  }
  return children;
}

/**
 * Public-only pages such as /login: a signed-in visitor goes to /dashboard instead. The form waits
 * for a sign-out in progress to finish, so nobody signs in over a session still being ended.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const status = useSessionStatus();
  const starting = useSessionStarting();
  const signingOut = useSigningOut();
  if (starting) return <SessionLoading />;
  if (signingOut) return <SigningOut />;
  if (status === 'signedIn') return <Navigate to={paths.dashboard} replace />;
  return children;
}

/** A user without the route's role sees 'Access Denied'. */
export function AccessDenied() {
  return (
    <section className="mx-auto max-w-lg py-12 text-center" aria-labelledby="access-denied-title">
      <h1
        id="access-denied-title"
        className="text-2xl font-semibold text-slate-900 dark:text-slate-50"
      >
        Access Denied
      </h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        This page is for administrators. Ask an administrator if you need access.
      </p>
    </section>
  );
}

/** Its own chunk: the sign-in route, which also loads this file, stays free of the API client. */
const AdministratorContact = lazyPage(() => import('@/features/settings/administrator-contact'));

export const MODULE_LABELS: Record<Module, string> = {
  response: 'Responses',
  proposal: 'Quotes',
  upwork: 'Browse Jobs',
  portfolio: 'Portfolio',
};

/** A route of a module the user lacks explains itself instead of showing the screen. */
export function ModuleNotEnabled({ module }: { module: Module }) {
  return (
    <section className="mx-auto max-w-lg py-12 text-center" aria-labelledby="module-off-title">
      <h1
        id="module-off-title"
        className="text-2xl font-semibold text-slate-900 dark:text-slate-50"
      >
        {MODULE_LABELS[module]}
      </h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {MODULE_LABELS[module]} is not enabled for your account. Ask an administrator to turn on the
        ‘{module}’ module.
      </p>
      <Suspense fallback={null}>
        <AdministratorContact />
      </Suspense>
    </section>
  );
}

export function RequireRole({ role, children }: { role: 'admin'; children: ReactNode }) {
  const user = useCurrentUser();
  if (role === 'admin' && !isAdmin(user)) return <AccessDenied />;
  return children;
}

export function RequireModule({ module, children }: { module: Module; children: ReactNode }) {
  const user = useCurrentUser();
  if (!hasModule(user, module)) return <ModuleNotEnabled module={module} />;
  return children;
}
