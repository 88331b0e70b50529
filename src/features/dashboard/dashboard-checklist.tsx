import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import type { ChecklistStep } from '@/contract/dashboard';

/** The first steps of a new account, shown instead of KPIs that would all be zero. */
const STEPS: Record<ChecklistStep['step'], { title: string; why: string; to: string }> = {
  profile: {
    title: 'Complete your profile',
    why: 'Your skills and rates shape every response and quote.',
    to: paths.settingsProfile,
  },
  portfolio: {
    title: 'Add a portfolio item',
    why: 'Responses cite your best work.',
    to: paths.portfolio,
  },
  upwork: {
    title: 'Connect Upwork',
    why: 'Jobs, messages and payments arrive on their own.',
    to: paths.settingsAccount,
  },
  response: {
    title: 'Send your first response',
    why: 'Your reply rate and earnings are counted from it.',
    to: paths.jobs,
  },
};

export function DashboardChecklist({ steps }: { steps: readonly ChecklistStep[] }) {
  const done = steps.filter((step) => step.done).length;
  return (
    <section
      aria-labelledby="dashboard-checklist-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="dashboard-checklist-title" className="text-base font-semibold">
        Get started
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Your numbers appear here once you send a response, record a payment or send a quote. {done}{' '}
        of {steps.length} steps done.
      </p>
      <ol className="mt-4 space-y-3">
        {steps.map(({ step, done: isDone }) => {
          const { title, why, to } = STEPS[step];
          const Icon = isDone ? CheckCircle2 : Circle;
          return (
            <li key={step} className="flex items-start gap-3">
              <Icon
                aria-hidden="true"
                className={`mt-0.5 size-5 shrink-0 ${isDone ? 'text-emerald-600 dark:text-emerald-400' : 'text-slate-400 dark:text-slate-500'}`}
              />
              <div className="min-w-0">
                <Link
                  to={to}
                  className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                >
                  {title}
                </Link>
                <span className="ml-2 text-xs font-medium text-slate-600 dark:text-slate-300">
                  {isDone ? 'Done' : 'Not done yet'}
                </span>
                <p className="text-sm text-slate-600 dark:text-slate-300">{why}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
