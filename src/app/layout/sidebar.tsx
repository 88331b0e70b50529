import {
  Activity,
  Briefcase,
  CircleHelp,
  FileText,
  FolderOpen,
  LayoutDashboard,
  LogOut,
  Mail,
  MessageSquareText,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { NavLink, useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import type { Module } from '@/contract/user';
import { canSeeSettings, hasModule, useCurrentUser, useSessionActions } from '@/lib/session';
import { useAppSelector } from '@/store/hooks';
import { selectUnreadCount } from '@/store/notifications.slice';

import { UnreadBadge } from './unread-badge';

export const APP_VERSION = '1.0';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  module?: Module;
  badge?: boolean;
}

/** The sidebar links, in order, with their module gates. */
export const NAV_ITEMS: NavItem[] = [
  { to: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { to: paths.responses, label: 'Responses', icon: MessageSquareText, module: 'response' },
  { to: paths.quotes, label: 'Quotes', icon: FileText, module: 'proposal' },
  { to: paths.jobs, label: 'Browse Jobs', icon: Briefcase, module: 'upwork' },
  { to: paths.portfolio, label: 'Portfolio', icon: FolderOpen, module: 'portfolio' },
  { to: paths.leads, label: 'Leads', icon: Users },
  { to: paths.messages, label: 'Messages', icon: Mail, badge: true },
  { to: paths.activity, label: 'Activity', icon: Activity },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${
    isActive
      ? 'bg-indigo-600 text-white'
      : 'text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800'
  }`;

/** The sidebar's content; `onNavigate` closes the mobile drawer after a link click. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const user = useCurrentUser();
  const unread = useAppSelector(selectUnreadCount);
  const { signOut } = useSessionActions();
  const navigate = useNavigate();

  const logout = () => {
    onNavigate?.();
    signOut();
    void navigate(paths.login, { replace: true });
  };

  return (
    <div className="flex h-full w-64 flex-col bg-slate-100 dark:bg-slate-900">
      <div className="flex h-16 items-center gap-2 px-5">
        <img src="/icon-192.png" alt="" className="size-8 rounded-lg" width="32" height="32" />
        <span className="text-lg font-semibold text-slate-900 dark:text-slate-50">Bidwright</span>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="space-y-1">
          {NAV_ITEMS.filter((item) => !item.module || hasModule(user, item.module)).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={linkClass} onClick={onNavigate}>
                <item.icon className="size-5 shrink-0" aria-hidden="true" />
                <span>{item.label}</span>
                {item.badge ? <UnreadBadge count={unread} /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-slate-200 px-3 py-3 dark:border-slate-800">
        <ul className="space-y-1">
          {canSeeSettings(user) ? (
            <li>
              <NavLink to={paths.settingsAccount} className={linkClass} onClick={onNavigate}>
                <Settings className="size-5 shrink-0" aria-hidden="true" />
                <span>Settings</span>
              </NavLink>
            </li>
          ) : null}
          <li>
            <NavLink to={paths.support} className={linkClass} onClick={onNavigate}>
              <CircleHelp className="size-5 shrink-0" aria-hidden="true" />
              <span>Help</span>
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              onClick={logout}
              className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <LogOut className="size-5 shrink-0" aria-hidden="true" />
              <span>Logout</span>
            </button>
          </li>
        </ul>
        <footer className="mt-3 px-3 text-xs text-slate-600 dark:text-slate-400">
          <p>Version {APP_VERSION}</p>
          <p>© {new Date().getFullYear()} Bidwright. All rights reserved.</p>
        </footer>
      </div>
    </div>
  );
}
