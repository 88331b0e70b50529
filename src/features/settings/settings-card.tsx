import type { ReactNode } from 'react';

/** A card of the account settings page, named by its heading. */
export function SettingsCard({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {title}
      </h2>
      {children}
    </section>
  );
}
