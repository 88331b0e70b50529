import type { ReactNode } from 'react';

/** A titled part of the job detail panel. */
export function JobDetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{title}</h3>
      <div className="mt-2 text-sm text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  );
}
