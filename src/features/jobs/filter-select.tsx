import { compactLabelClass } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import type { JobFilters } from '@/contract/jobs';

import type { SetFilters } from './filter-change';
import type { FilterSelectSpec } from './filter-select-specs';

type Props = {
  spec: FilterSelectSpec;
  filters: JobFilters;
  set: SetFilters;
};

/** One list filter of the filter bar, described by its spec. */
export function FilterSelect({ spec, filters, set }: Props) {
  return (
    <Select
      id={spec.id}
      label={spec.label}
      labelClassName={compactLabelClass}
      options={spec.options}
      value={spec.valueOf(filters)}
      onChange={(event) => set(spec.patch(event.target.value), spec.reason)}
    />
  );
}
