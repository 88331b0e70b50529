import { PORTFOLIO_LIMITS } from '@/contract/portfolio';

import { PortfolioRowInput, type PortfolioRowsFieldsetProps } from './portfolio-form-row';
import { RepeatedRowsFieldset } from './repeated-rows-fieldset';

/** "Results in numbers": rows of what is measured, its value and unit. */
export function PortfolioMetricsFieldset({
  form,
  id,
  legendClassName,
}: PortfolioRowsFieldsetProps) {
  return (
    <RepeatedRowsFieldset
      form={form}
      legendClassName={legendClassName}
      name="metrics"
      legend="Results in numbers"
      columnsClassName="grid-cols-[1fr_6rem_5rem_auto]"
      limit={PORTFOLIO_LIMITS.metrics}
      emptyRow={{ label: '', value: '', unit: '' }}
      addLabel="Add a number"
      removeLabel={(index) => `Remove number ${index + 1}`}
      renderRow={(index) => (
        <>
          <PortfolioRowInput
            form={form}
            id={id}
            name={`metrics.${index}.label`}
            label={`What number ${index + 1} measures`}
            placeholder="Conversion rate"
          />
          <PortfolioRowInput
            form={form}
            id={id}
            name={`metrics.${index}.value`}
            label={`Value of number ${index + 1}`}
            inputMode="decimal"
            placeholder="23"
          />
          <PortfolioRowInput
            form={form}
            id={id}
            name={`metrics.${index}.unit`}
            label={`Unit of number ${index + 1}`}
            placeholder="%"
          />
        </>
      )}
    />
  );
}
