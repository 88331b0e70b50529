import { compactLabelClass as labelClass } from '@/components/ui/field';
import { EXPERIENCE_LEVELS, type JobFilters } from '@/contract/jobs';

import type { SetFilters } from './filter-change';

/** Checkboxes for the experience levels a job may ask for. */
export function ExperienceFilter({ filters, set }: { filters: JobFilters; set: SetFilters }) {
  return (
    <fieldset className="col-span-2 sm:col-span-4">
      <legend className={labelClass}>Experience level</legend>
      <div className="mt-1 flex flex-wrap gap-3">
        {EXPERIENCE_LEVELS.map((level) => (
          <label key={level} className="flex items-center gap-1 text-sm capitalize">
            <input
              type="checkbox"
              checked={filters.experience?.includes(level) ?? false}
              onChange={(event) => {
                const current = new Set(filters.experience ?? []);
                if (event.target.checked) current.add(level);
                else current.delete(level);
                set({ experience: current.size > 0 ? [...current] : undefined });
              }}
            />
            {level}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
