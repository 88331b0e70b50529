import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';

import { RouteLoading } from '@/components/ui/loading';
import { paths } from '@/config/paths';
import { hasModule, isAdmin, useCurrentUser } from '@/lib/session';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
    isActive
      ? 'bg-indigo-50 text-indigo-700 dark:bg-slate-800 dark:text-indigo-300'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
  }`;

/** /settings: tabs for its child routes (account, profile, users, response-templates, quote-templates, portfolio). */
export default function SettingsLayout() {
  const user = useCurrentUser();
  return (
    <div>
      <nav aria-label="Settings" className="-mx-1 mb-6 flex flex-wrap gap-1 px-1 pb-1">
        <NavLink to={paths.settingsAccount} className={tabClass}>
          Account
        </NavLink>
        <NavLink to={paths.settingsProfile} className={tabClass}>
          Profile
        </NavLink>
        {isAdmin(user) ? (
          <NavLink to={paths.settingsUsers} className={tabClass}>
            Users
          </NavLink>
        ) : null}
        {hasModule(user, 'response') ? (
          <NavLink to={paths.settingsResponseTemplates} className={tabClass}>
            Response templates
          </NavLink>
        ) : null}
        {hasModule(user, 'proposal') ? (
          <NavLink to={paths.settingsQuoteTemplates} className={tabClass}>
            Quote templates
          </NavLink>
        ) : null}
        {hasModule(user, 'portfolio') ? (
          <NavLink to={paths.settingsPortfolio} className={tabClass}>
            Portfolio
          </NavLink>
        ) : null}
      </nav>
      <Suspense fallback={<RouteLoading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
