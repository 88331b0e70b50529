import { Link } from 'react-router-dom';

import { buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';

export const SIGNUP_TEXTS = {
  verificationSent: 'Verification email sent. Please verify your email.',
} as const;

/** Shown once the account exists: the verification email went to `email`. */
export function SignupSent({ email }: { email: string }) {
  return (
    <div>
      <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-50">Check your email</h1>
      <p role="status" className="mt-3 font-medium text-emerald-700 dark:text-emerald-400">
        {SIGNUP_TEXTS.verificationSent}
      </p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">We sent a link to {email}.</p>
      <Link to={paths.dashboard} className={`${buttonClass.primary} mt-6 w-full`}>
        Continue to Bidwright
      </Link>
    </div>
  );
}
