import { Moon, Sun } from 'lucide-react';

import { buttonClass } from '@/components/ui/page';
import { useCurrentUser } from '@/lib/session';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsDark, themeToggled } from '@/store/theme.slice';

import { DisplayNameForm } from './display-name-form';
import { PasswordForm } from './password-form';
import { SettingsCard } from './settings-card';

/** The account section of /settings/account: profile, password and theme. */
export function AccountSection() {
  const user = useCurrentUser();
  const dark = useAppSelector(selectIsDark);
  const dispatch = useAppDispatch();
  const hasPassword = user?.providerData.some((info) => info.providerId === 'password') ?? false;

  return (
    <>
      <SettingsCard titleId="profile-title" title="Profile">
        {user ? <DisplayNameForm initialName={user.displayName ?? ''} /> : null}
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-slate-600 dark:text-slate-400">Email</dt>
          <dd className="break-all text-slate-900 dark:text-slate-100">{user?.email ?? '—'}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Role</dt>
          <dd className="text-slate-900 dark:text-slate-100">{user?.role ?? 'Unknown'}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Modules</dt>
          <dd className="text-slate-900 dark:text-slate-100">
            {user && user.modules.length > 0 ? user.modules.join(', ') : 'None'}
          </dd>
        </dl>
      </SettingsCard>

      <SettingsCard titleId="password-title" title="Password">
        {hasPassword ? (
          <div className="mt-3 max-w-sm">
            <PasswordForm />
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            You sign in with Google, so there is no Bidwright password to change.
          </p>
        )}
      </SettingsCard>

      <SettingsCard titleId="theme-title" title="Theme">
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {dark ? 'Dark theme is on.' : 'Light theme is on.'}
        </p>
        <button
          type="button"
          className={`${buttonClass.secondary} mt-3`}
          aria-pressed={dark}
          onClick={() => dispatch(themeToggled())}
        >
          {dark ? (
            <Moon className="size-4" aria-hidden="true" />
          ) : (
            <Sun className="size-4" aria-hidden="true" />
          )}
          Dark theme
        </button>
      </SettingsCard>
    </>
  );
}
