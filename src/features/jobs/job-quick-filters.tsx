import type { JobFilters } from '@/contract/jobs';

import type { SetFilters } from './filter-change';
import { FilterSelect } from './filter-select';
import { QUICK_FILTER_SELECTS } from './filter-select-specs';

/**
 * The filters always in view: job type, minimum fit, verdict, age, payment verified, and the
 * jobs the user hid (to find one again and unhide it).
 */
export function JobQuickFilters({ filters, set }: { filters: JobFilters; set: SetFilters }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      {QUICK_FILTER_SELECTS.map((spec) => (
        <FilterSelect key={spec.id} spec={spec} filters={filters} set={set} />
      ))}
      <label className="flex items-center gap-2 pb-2 text-sm text-slate-700 dark:text-slate-300">
        <input
          type="checkbox"
          checked={filters.paymentVerified === true}
          onChange={(event) => set({ paymentVerified: event.target.checked ? true : undefined })}
        />
        Payment verified
      </label>
      <label className="flex items-center gap-2 pb-2 text-sm text-slate-700 dark:text-slate-300">
        <input
          type="checkbox"
          checked={filters.hidden === true}
          onChange={(event) => set({ hidden: event.target.checked ? true : undefined })}
        />
        Only hidden jobs
      </label>
    </div>
  );
}
