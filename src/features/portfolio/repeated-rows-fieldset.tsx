import type { ReactNode } from 'react';
import { useFieldArray, type FieldArray } from 'react-hook-form';

import {
  AddRowButton,
  RemoveRowButton,
  type PortfolioRowsFieldsetProps,
} from './portfolio-form-row';
import type { PortfolioFormValues } from './portfolio-form-values';

type RowListName = 'links' | 'metrics';

/**
 * A list of rows in the item form (numbers, links): each row ends with its remove button, and
 * an add button stays under the rows until the list is full.
 */
export function RepeatedRowsFieldset<Name extends RowListName>({
  form,
  legendClassName,
  name,
  legend,
  columnsClassName,
  limit,
  emptyRow,
  addLabel,
  removeLabel,
  renderRow,
}: Omit<PortfolioRowsFieldsetProps, 'id'> & {
  name: Name;
  legend: string;
  /** The grid columns of one row, its remove button last. */
  columnsClassName: string;
  limit: number;
  emptyRow: FieldArray<PortfolioFormValues, Name>;
  addLabel: string;
  removeLabel: (index: number) => string;
  renderRow: (index: number) => ReactNode;
}) {
  const rows = useFieldArray({ control: form.control, name });
  return (
    <fieldset className="space-y-2">
      <legend className={legendClassName}>{legend}</legend>
      {rows.fields.map((field, index) => (
        <div key={field.id} className={`grid items-start gap-2 ${columnsClassName}`}>
          {renderRow(index)}
          <RemoveRowButton label={removeLabel(index)} onClick={() => rows.remove(index)} />
        </div>
      ))}
      {rows.fields.length < limit ? (
        <AddRowButton onClick={() => rows.append(emptyRow)}>{addLabel}</AddRowButton>
      ) : null}
    </fieldset>
  );
}
