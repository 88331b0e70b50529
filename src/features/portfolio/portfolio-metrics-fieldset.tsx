import { useFieldArray } from 'react-hook-form';

import { inputClass } from '@/components/ui/page';
import { PORTFOLIO_LIMITS } from '@/contract/portfolio';

import {
  AddRowButton,
  type PortfolioRowsFieldsetProps,
  PortfolioFormRowInput,
  RemoveRowButton,
  rowErrorProps,
} from './portfolio-form-row';

/** "Results in numbers": rows of what is measured, its value and unit. */
export function PortfolioMetricsFieldset({
  form,
  id,
  legendClassName,
}: PortfolioRowsFieldsetProps) {
  const { register, control, formState } = form;
  const metrics = useFieldArray({ control, name: 'metrics' });
  return (
    <fieldset className="space-y-2">
      <legend className={legendClassName}>Results in numbers</legend>
      {metrics.fields.map((field, index) => {
        const error = formState.errors.metrics?.[index];
        const labelId = id(`metrics.${index}.label`);
        const valueId = id(`metrics.${index}.value`);
        const unitId = id(`metrics.${index}.unit`);
        return (
          <div key={field.id} className="grid grid-cols-[1fr_6rem_5rem_auto] items-start gap-2">
            <PortfolioFormRowInput
              id={labelId}
              label={`What number ${index + 1} measures`}
              error={error?.label?.message}
            >
              <input
                id={labelId}
                className={inputClass}
                placeholder="Conversion rate"
                {...register(`metrics.${index}.label`)}
                {...rowErrorProps(labelId, error?.label?.message)}
              />
            </PortfolioFormRowInput>
            <PortfolioFormRowInput
              id={valueId}
              label={`Value of number ${index + 1}`}
              error={error?.value?.message}
            >
              <input
                id={valueId}
                inputMode="decimal"
                className={inputClass}
                placeholder="23"
                {...register(`metrics.${index}.value`)}
                {...rowErrorProps(valueId, error?.value?.message)}
              />
            </PortfolioFormRowInput>
            <PortfolioFormRowInput id={unitId} label={`Unit of number ${index + 1}`}>
              <input
                id={unitId}
                className={inputClass}
                placeholder="%"
                {...register(`metrics.${index}.unit`)}
              />
            </PortfolioFormRowInput>
            <RemoveRowButton
              label={`Remove number ${index + 1}`}
              onClick={() => metrics.remove(index)}
            />
          </div>
        );
      })}
      {metrics.fields.length < PORTFOLIO_LIMITS.metrics ? (
        <AddRowButton onClick={() => metrics.append({ label: '', value: '', unit: '' })}>
          Add a number
        </AddRowButton>
      ) : null}
    </fieldset>
  );
}
