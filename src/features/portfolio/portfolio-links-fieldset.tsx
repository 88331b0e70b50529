import { PORTFOLIO_LIMITS } from '@/contract/portfolio';

import { PortfolioRowInput, type PortfolioRowsFieldsetProps } from './portfolio-form-row';
import { RepeatedRowsFieldset } from './repeated-rows-fieldset';

/** "Links": rows of a label and an address. */
export function PortfolioLinksFieldset({ form, id, legendClassName }: PortfolioRowsFieldsetProps) {
  return (
    <RepeatedRowsFieldset
      form={form}
      legendClassName={legendClassName}
      name="links"
      legend="Links"
      columnsClassName="grid-cols-[10rem_1fr_auto]"
      limit={PORTFOLIO_LIMITS.links}
      emptyRow={{ label: '', url: '' }}
      addLabel="Add a link"
      removeLabel={(index) => `Remove link ${index + 1}`}
      renderRow={(index) => (
        <>
          <PortfolioRowInput
            form={form}
            id={id}
            name={`links.${index}.label`}
            label={`Label of link ${index + 1}`}
            placeholder="Live site"
          />
          <PortfolioRowInput
            form={form}
            id={id}
            name={`links.${index}.url`}
            label={`Address of link ${index + 1}`}
            type="url"
            placeholder="https://"
          />
        </>
      )}
    />
  );
}
