import { Link } from 'react-router-dom';

import { buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';

import { GoogleMark } from './google-mark';

/** Under the sign-in form: "or", Sign in with Google, and the link to create an account. */
export function LoginAlternatives({ busy, onGoogle }: { busy: boolean; onGoogle: () => void }) {
  return (
    <>
      <div className="my-6 flex items-center gap-3 text-xs text-slate-600 dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-300 dark:bg-slate-700" />
        or
        <span className="h-px flex-1 bg-slate-300 dark:bg-slate-700" />
      </div>
      <button
        type="button"
        disabled={busy}
        onClick={onGoogle}
        className={`${buttonClass.secondary} w-full`}
      >
        <GoogleMark />
        Sign in with Google
      </button>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        New to Bidwright?{' '}
        <Link
          to={paths.signup}
          className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        >
          create a new account
        </Link>
      </p>
    </>
  );
}
