import { Spinner } from './spinner';

/** A whole-page spinner with its text, while nothing else can be shown. */
function PageStatus({ text }: { text: string }) {
  return (
    <div
      role="status"
      className="flex min-h-dvh items-center justify-center gap-3 bg-slate-50 text-slate-700 dark:bg-slate-950 dark:text-slate-200"
    >
      <Spinner />
      <span>{text}</span>
    </div>
  );
}

/** While the session loads, a spinner with 'Loading...' (three dots; a pinned text). */
export function SessionLoading() {
  return <PageStatus text="Loading..." />;
}

/**
 * While a sign-out finishes (the logout is logged, then the identity provider forgets the user),
 * the sign-in page waits: a reload or a closed tab before then would find the user still signed in.
 */
export function SigningOut() {
  return <PageStatus text="Signing out…" />;
}

/** Each lazily loaded screen shows 'Loading…' (one ellipsis character; a pinned text). */
export function RouteLoading() {
  return (
    <div role="status" className="flex items-center gap-3 p-6 text-slate-700 dark:text-slate-200">
      <Spinner className="size-4" />
      <span>Loading…</span>
    </div>
  );
}
