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

/** "Links": rows of a label and an address. */
export function PortfolioLinksFieldset({ form, id, legendClassName }: PortfolioRowsFieldsetProps) {
  const { register, control, formState } = form;
  const links = useFieldArray({ control, name: 'links' });
  return (
    <fieldset className="space-y-2">
      <legend className={legendClassName}>Links</legend>
      {links.fields.map((field, index) => {
        const error = formState.errors.links?.[index];
        const labelId = id(`links.${index}.label`);
        const urlId = id(`links.${index}.url`);
        return (
          <div key={field.id} className="grid grid-cols-[10rem_1fr_auto] items-start gap-2">
            <PortfolioFormRowInput id={labelId} label={`Label of link ${index + 1}`}>
              <input
                id={labelId}
                className={inputClass}
                placeholder="Live site"
                {...register(`links.${index}.label`)}
              />
            </PortfolioFormRowInput>
            <PortfolioFormRowInput
              id={urlId}
              label={`Address of link ${index + 1}`}
              error={error?.url?.message}
            >
              <input
                id={urlId}
                type="url"
                className={inputClass}
                placeholder="https://"
                {...register(`links.${index}.url`)}
                {...rowErrorProps(urlId, error?.url?.message)}
              />
            </PortfolioFormRowInput>
            <RemoveRowButton
              label={`Remove link ${index + 1}`}
              onClick={() => links.remove(index)}
            />
          </div>
        );
      })}
      {links.fields.length < PORTFOLIO_LIMITS.links ? (
        <AddRowButton onClick={() => links.append({ label: '', url: '' })}>Add a link</AddRowButton>
      ) : null}
    </fieldset>
  );
}
