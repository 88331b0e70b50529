import { useState } from 'react';

import { buttonClass } from '@/components/ui/page';
import type { Job } from '@/contract/jobs';

import { ImportCsvForm } from './import-csv-form';
import { PasteJobForm } from './paste-job-form';

type AddJobsTab = 'paste' | 'csv';

const TABS: ReadonlyArray<{ id: AddJobsTab; label: string }> = [
  { id: 'paste', label: 'Paste a job' },
  { id: 'csv', label: 'Import CSV' },
];

/** Paste a job (URL + text) with a parsed preview, or import a CSV with a per-row preview. */
export function AddJobsPanel({
  onSaved,
  onClose,
}: {
  onSaved: (job: Job) => void;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<AddJobsTab>('paste');
  return (
    <section
      aria-label="Add jobs"
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-2">
        <div role="tablist" aria-label="How to add jobs" className="flex gap-1">
          {TABS.map(({ id, label }) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={tab === id}
              className={tab === id ? buttonClass.primary : buttonClass.secondary}
              onClick={() => setTab(id)}
            >
              {label}
            </button>
          ))}
        </div>
        <button type="button" className={buttonClass.ghost} onClick={onClose}>
          Close
        </button>
      </div>
      <div role="tabpanel" className="mt-4">
        {tab === 'paste' ? <PasteJobForm onSaved={onSaved} /> : <ImportCsvForm />}
      </div>
    </section>
  );
}
