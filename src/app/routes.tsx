import { Suspense, type ReactNode } from 'react';
import { useEffect } from 'react';
import { matchPath, Navigate, Outlet, useLocation, type RouteObject } from 'react-router-dom';

import { RouteLoading } from '@/components/ui/loading';
import { paths } from '@/config/paths';
import type { Module } from '@/contract/user';
import { lazyPage, type LazyPage } from '@/lib/lazy-page';

import { ErrorBoundary } from './error-boundary';
import { PublicOnly, RequireAuth, RequireModule, RequireRole } from './guards';
import { InstallBanner } from './install-banner';
import { OfflineNotice } from './offline-notice';

/* Each screen is its own chunk: the sign-in page loads only its own code (docs/decisions/0006). */
// The chunk name lets rsbuild.config.ts preload it from index.html.
const LoginPage = lazyPage(
  () => import(/* webpackChunkName: "login-page" */ '@/features/auth/login-page'),
);
const SignupPage = lazyPage(() => import('@/features/auth/signup-page'));
const AppLayout = lazyPage(() => import('./layout/app-layout'));
const SettingsLayout = lazyPage(() => import('./pages/settings-layout'));
const SettingsAccountPage = lazyPage(() => import('./pages/settings-account-page'));
const ProfilePage = lazyPage(() => import('@/features/settings/profile-page'));
const DashboardPage = lazyPage(() => import('@/features/dashboard/dashboard-page'));
const JobsPage = lazyPage(() => import('@/features/jobs/jobs-page'));
const ResponsesPage = lazyPage(() => import('@/features/responses/responses-page'));
const GenerateResponsePage = lazyPage(() => import('@/features/responses/generate-response-page'));
const EditResponsePage = lazyPage(() => import('@/features/responses/edit-response-page'));
const ResponseAnalyticsPage = lazyPage(
  () => import('@/features/analytics/response-analytics-page'),
);
const QuoteAnalyticsPage = lazyPage(() => import('@/features/analytics/quote-analytics-page'));
const QuotesPage = lazyPage(() => import('@/features/quotes/quotes-page'));
const GenerateQuotePage = lazyPage(() => import('@/features/quotes/generate-quote-page'));
const EditQuotePage = lazyPage(() => import('@/features/quotes/edit-quote-page'));
const PortfolioPage = lazyPage(() => import('@/features/portfolio/portfolio-page'));
const PortfolioSettingsPage = lazyPage(
  () => import('@/features/portfolio/portfolio-settings-page'),
);
const ResponseTemplatesPage = lazyPage(
  () => import('@/features/templates/response-templates-page'),
);
const QuoteTemplatesPage = lazyPage(() => import('@/features/templates/quote-templates-page'));
const LeadsPage = lazyPage(() => import('@/features/leads/leads-page'));
const MessagesPage = lazyPage(() => import('@/features/messages/messages-page'));
const ActivityPage = lazyPage(() => import('@/features/activity/activity-page'));
const UsersPage = lazyPage(() => import('@/features/admin/users-page'));
const SupportPage = lazyPage(() => import('@/features/support/support-page'));

/**
 * Fetches the screen a first visit lands on (index.html preloads the sign-in chunk alongside the
 * shell's scripts), so the first render can show it with no 'Loading…' step (docs/decisions/0006).
 * Settles either way: a failed chunk is fetched again, and reported, when the screen renders.
 */
export function preloadEntryScreen(pathname: string): Promise<void> {
  const screenFor: Record<string, LazyPage> = {
    [paths.login]: LoginPage,
    [paths.signup]: SignupPage,
  };
  const page = screenFor[pathname];
  if (!page) return Promise.resolve();
  return page.preload().then(
    () => undefined,
    () => undefined,
  );
}

/** The chunks a cold load of the signed-in screen at `pathname` needs (none for other paths). */
export function signedInScreenChunks(pathname: string): LazyPage[] {
  const match = signedInScreens.find(({ pattern }) => matchPath(pattern, pathname) !== null);
  return match ? [AppLayout, ...match.pages] : [];
}

/**
 * Starts fetching the signed-in layout and the screen at `pathname`, for a returning user whose
 * session is still being restored: the chunks arrive while the identity service and the API
 * answer, instead of after them. Failures are left to the render, which fetches a failed chunk
 * again and reports it.
 */
export function preloadSignedInScreen(pathname: string): void {
  for (const page of signedInScreenChunks(pathname)) page.preload().catch(() => undefined);
}

interface Gate {
  title: string;
  module?: Module;
  role?: 'admin';
}

function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} · Bidwright`;
  }, [title]);
  return null;
}

/** A lazy screen with its 'Loading…' fallback and its gates (a module or a role the user needs). */
function screen(Page: LazyPage, gate: Gate): ReactNode {
  let element: ReactNode = (
    <Suspense fallback={<RouteLoading />}>
      <DocumentTitle title={gate.title} />
      <Page />
    </Suspense>
  );
  if (gate.module) element = <RequireModule module={gate.module}>{element}</RequireModule>;
  if (gate.role) element = <RequireRole role={gate.role}>{element}</RequireRole>;
  return element;
}

/**
 * The signed-in screens by path (the settings layout under its own path, its pages under theirs),
 * so the first load of a returning user can fetch the screen it opens while the session restores.
 */
const signedInScreens: Array<{ pattern: string; pages: LazyPage[] }> = [];

/** A signed-in screen's element, registered for preloading under `pattern`. */
function screenElement(pattern: string, Page: LazyPage, gate: Gate): ReactNode {
  signedInScreens.push({ pattern, pages: [Page] });
  return screen(Page, gate);
}

function screenRoute(path: string, Page: LazyPage, gate: Gate): RouteObject {
  return { path, element: screenElement(path, Page, gate) };
}

/** A page inside the settings layout: opening it cold needs both chunks. */
function settingsRoute(path: string, Page: LazyPage, gate: Gate): RouteObject {
  signedInScreens.push({ pattern: `${paths.settings}/${path}`, pages: [SettingsLayout, Page] });
  return { path, element: screen(Page, gate) };
}

/** The top of every page: install banner, offline notice, and the global error boundary. */
function RootShell() {
  const location = useLocation();
  return (
    <>
      <InstallBanner />
      <OfflineNotice />
      <ErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<RouteLoading />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}

/**
 * The one route table (docs/product.md lists it), rendered with useRoutes inside <BrowserRouter>.
 * The data router (createBrowserRouter) was the first choice, but it adds about 17 KB gzip to the
 * login route, whose scripts must stay under 170 KB gzip; nothing here needs loaders.
 */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    children: [
      {
        path: paths.login,
        element: <PublicOnly>{screen(LoginPage, { title: 'Sign in' })}</PublicOnly>,
      },
      { path: paths.signup, element: screen(SignupPage, { title: 'Create account' }) },
      {
        element: (
          <RequireAuth>
            <Suspense fallback={<RouteLoading />}>
              <AppLayout />
            </Suspense>
          </RequireAuth>
        ),
        children: [
          screenRoute(paths.dashboard, DashboardPage, { title: 'Dashboard' }),
          screenRoute(paths.quotes, QuotesPage, { title: 'Quotes', module: 'proposal' }),
          screenRoute(paths.generateQuotes, GenerateQuotePage, {
            title: 'Generate Quote',
            module: 'proposal',
          }),
          screenRoute(paths.editQuote, EditQuotePage, { title: 'Edit Quote', module: 'proposal' }),
          screenRoute(paths.quoteAnalytics, QuoteAnalyticsPage, {
            title: 'Quote Analytics',
            module: 'proposal',
          }),
          screenRoute(paths.responseAnalytics, ResponseAnalyticsPage, {
            title: 'Response Analytics',
            module: 'response',
          }),
          screenRoute(paths.users, UsersPage, { title: 'Users', role: 'admin' }),
          screenRoute(paths.responses, ResponsesPage, { title: 'Responses', module: 'response' }),
          screenRoute(paths.generateResponse, GenerateResponsePage, {
            title: 'Generate Response',
            module: 'response',
          }),
          screenRoute(paths.editResponse, EditResponsePage, {
            title: 'Edit Response',
            module: 'response',
          }),
          screenRoute(paths.portfolio, PortfolioPage, { title: 'Portfolio', module: 'portfolio' }),
          screenRoute(paths.jobs, JobsPage, { title: 'Browse Jobs', module: 'upwork' }),
          screenRoute(paths.messages, MessagesPage, { title: 'Messages' }),
          screenRoute(paths.leads, LeadsPage, { title: 'Leads' }),
          {
            path: paths.transactions,
            element: <Navigate to={`${paths.leads}?tab=transactions`} replace />,
          },
          screenRoute(paths.activity, ActivityPage, { title: 'Activity' }),
          screenRoute(paths.templates, ResponseTemplatesPage, {
            title: 'Response Templates',
            module: 'response',
          }),
          screenRoute(paths.templateManager, ResponseTemplatesPage, {
            title: 'Response Templates',
            module: 'response',
          }),
          screenRoute(paths.support, SupportPage, { title: 'Help' }),
          {
            path: paths.settings,
            element: screenElement(paths.settings, SettingsLayout, { title: 'Settings' }),
            children: [
              { index: true, element: <Navigate to={paths.settingsAccount} replace /> },
              settingsRoute('account', SettingsAccountPage, { title: 'Account' }),
              settingsRoute('profile', ProfilePage, { title: 'Profile' }),
              settingsRoute('users', UsersPage, { title: 'Users', role: 'admin' }),
              settingsRoute('response-templates', ResponseTemplatesPage, {
                title: 'Response Templates',
                module: 'response',
              }),
              settingsRoute('quote-templates', QuoteTemplatesPage, {
                title: 'Quote Templates',
                module: 'proposal',
              }),
              settingsRoute('portfolio', PortfolioSettingsPage, {
                title: 'Portfolio',
                module: 'portfolio',
              }),
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.dashboard} replace /> },
    ],
  },
];
