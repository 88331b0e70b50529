import type { ReactNode } from 'react';

/** The marketing panel beside the sign-in and sign-up forms. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh bg-slate-50 md:grid-cols-2 dark:bg-slate-950">
      <section
        aria-label="About Bidwright"
        className="flex flex-col justify-center gap-4 bg-indigo-700 px-6 py-8 text-white md:px-12 dark:bg-indigo-900"
      >
        <p className="flex items-center gap-3 text-xl font-semibold">
          <img src="/icon-192.png" alt="" width="40" height="40" className="size-10 rounded-xl" />
          Bidwright
        </p>
        <p className="max-w-md text-2xl leading-snug font-semibold md:text-3xl">
          Win more Upwork work with less busywork.
        </p>
        <p className="max-w-md text-indigo-50">
          Connect to Upwork, browse jobs, create responses with AI agents, and generate detailed
          quotes in minutes.
        </p>
        <ul className="hidden max-w-md list-disc space-y-1 pl-5 text-sm text-indigo-50 md:block">
          <li>See which jobs are worth your Connects before you bid.</li>
          <li>Draft proposals in your own voice, backed by your portfolio.</li>
          <li>Follow every opportunity from job to paid invoice.</li>
        </ul>
      </section>
      <main className="flex items-center justify-center px-4 py-10 md:px-8">
        <div className="w-full max-w-sm">{children}</div>
      </main>
    </div>
  );
}
