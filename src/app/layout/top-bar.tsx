import { Menu, Moon, Sun } from 'lucide-react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useCurrentUser, userInitial, userLabel } from '@/lib/session';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsDark, themeToggled } from '@/store/theme.slice';

import { NotificationsPanel } from './notifications-panel';

const iconButton =
  'inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-200 dark:hover:bg-slate-800';

/** Menu button (narrow screens), dark-mode toggle, notifications, profile link. */
export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const user = useCurrentUser();
  const dark = useAppSelector(selectIsDark);
  const dispatch = useAppDispatch();
  const label = userLabel(user);
  // The button names what a press does, not the theme shown now.
  const themeLabel = dark ? 'Switch to light theme' : 'Switch to dark theme';

  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur md:px-6 dark:border-slate-800 dark:bg-slate-950/95">
      <button
        type="button"
        className={`${iconButton} lg:hidden`}
        aria-label="Open menu"
        onClick={onOpenMenu}
      >
        <Menu className="size-5" aria-hidden="true" />
      </button>
      <div className="ml-auto flex items-center gap-1 md:gap-2">
        <button
          type="button"
          className={iconButton}
          aria-label={themeLabel}
          title={themeLabel}
          onClick={() => dispatch(themeToggled())}
        >
          {dark ? (
            <Sun className="size-5" aria-hidden="true" />
          ) : (
            <Moon className="size-5" aria-hidden="true" />
          )}
        </button>
        <NotificationsPanel />
        <Link
          to={paths.settingsAccount}
          aria-label={`Profile: ${label}`}
          className="flex min-w-0 items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <span
            aria-hidden="true"
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
          >
            {userInitial(user)}
          </span>
          <span className="hidden max-w-48 truncate sm:inline">{label}</span>
        </Link>
      </div>
    </header>
  );
}
