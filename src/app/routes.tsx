import { Suspense, type ReactNode } from 'react';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router-dom';

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
          { path: paths.dashboard, element: screen(DashboardPage, { title: 'Dashboard' }) },
          {
            path: paths.quotes,
            element: screen(QuotesPage, { title: 'Quotes', module: 'proposal' }),
          },
          {
            path: paths.generateQuotes,
            element: screen(GenerateQuotePage, { title: 'Generate Quote', module: 'proposal' }),
          },
          {
            path: paths.editQuote,
            element: screen(EditQuotePage, { title: 'Edit Quote', module: 'proposal' }),
          },
          {
            path: paths.quoteAnalytics,
            element: screen(QuoteAnalyticsPage, { title: 'Quote Analytics', module: 'proposal' }),
          },
          {
            path: paths.responseAnalytics,
            element: screen(ResponseAnalyticsPage, {
              title: 'Response Analytics',
              module: 'response',
            }),
          },
          { path: paths.users, element: screen(UsersPage, { title: 'Users', role: 'admin' }) },
          {
            path: paths.responses,
            element: screen(ResponsesPage, { title: 'Responses', module: 'response' }),
          },
          {
            path: paths.generateResponse,
            element: screen(GenerateResponsePage, {
              title: 'Generate Response',
              module: 'response',
            }),
          },
          {
            path: paths.editResponse,
            element: screen(EditResponsePage, { title: 'Edit Response', module: 'response' }),
          },
          {
            path: paths.portfolio,
            element: screen(PortfolioPage, { title: 'Portfolio', module: 'portfolio' }),
          },
          {
            path: paths.jobs,
            element: screen(JobsPage, { title: 'Browse Jobs', module: 'upwork' }),
          },
          { path: paths.messages, element: screen(MessagesPage, { title: 'Messages' }) },
          { path: paths.leads, element: screen(LeadsPage, { title: 'Leads' }) },
          {
            path: paths.transactions,
            element: <Navigate to={`${paths.leads}?tab=transactions`} replace />,
          },
          { path: paths.activity, element: screen(ActivityPage, { title: 'Activity' }) },
          {
            path: paths.templates,
            element: screen(ResponseTemplatesPage, {
              title: 'Response Templates',
              module: 'response',
            }),
          },
          {
            path: paths.templateManager,
            element: screen(ResponseTemplatesPage, {
              title: 'Response Templates',
              module: 'response',
            }),
          },
          { path: paths.support, element: screen(SupportPage, { title: 'Help' }) },
          {
            path: paths.settings,
            element: screen(SettingsLayout, { title: 'Settings' }),
            children: [
              { index: true, element: <Navigate to={paths.settingsAccount} replace /> },
              { path: 'account', element: screen(SettingsAccountPage, { title: 'Account' }) },
              { path: 'profile', element: screen(ProfilePage, { title: 'Profile' }) },
              { path: 'users', element: screen(UsersPage, { title: 'Users', role: 'admin' }) },
              {
                path: 'response-templates',
                element: screen(ResponseTemplatesPage, {
                  title: 'Response Templates',
                  module: 'response',
                }),
              },
              {
                path: 'quote-templates',
                element: screen(QuoteTemplatesPage, {
                  title: 'Quote Templates',
                  module: 'proposal',
                }),
              },
              {
                path: 'portfolio',
                element: screen(PortfolioSettingsPage, { title: 'Portfolio', module: 'portfolio' }),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.dashboard} replace /> },
    ],
  },
];
