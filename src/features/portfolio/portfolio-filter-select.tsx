import { clsx } from 'clsx';

import { compactLabelClass } from '@/components/ui/field';
import { inputClass } from '@/components/ui/page';
import { Select } from '@/components/ui/select';

type Props = {
  id: string;
  label: string;
  options: Array<{ value: string; count: number }>;
  value: string;
  onChange: (value: string | null) => void;
};

/** A facet filter of the portfolio search bar: "All", then each value with its item count. */
export function PortfolioFilterSelect({ id, label, options, value, onChange }: Props) {
  return (
    <Select
      id={id}
      label={label}
      labelClassName={compactLabelClass}
      className={clsx(inputClass, 'min-w-36')}
      options={[
        { value: '', label: 'All' },
        ...options.map((option) => ({
          value: option.value,
          label: `${option.value} (${option.count})`,
        })),
        // A value from the address that no item has any more stays choosable.
        ...(value && !options.some((option) => option.value === value)
          ? [{ value, label: value }]
          : []),
      ]}
      value={value}
      onChange={(event) => onChange(event.target.value || null)}
    />
  );
}
