import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from 'lucide-react';
import { useId } from 'react';

import { Field } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';
import {
  formatQuoteMoney,
  lineAmountMinor,
  majorStringToMinor,
  minorToMajorString,
} from '@/contract/quote-totals';
import {
  QUOTE_AMOUNT_MAX,
  QUOTE_LINE_UNITS,
  QUOTE_QUANTITY_MAX,
  type QuoteLineItem,
} from '@/contract/quotes';

import { PricingNumberInput } from './pricing-input';
import { hundredthsToText, parseHundredths } from './quote-editor-text';
import type { FieldErrors } from './use-quote-autosave';

const smallLabel = 'block text-xs font-medium text-slate-700 dark:text-slate-300';
const iconButton = `${buttonClass.ghost} size-9 shrink-0 px-0`;

export type PricingRowProps = {
  line: QuoteLineItem;
  index: number;
  count: number;
  currency: string;
  readOnly: boolean;
  errors: FieldErrors;
  onChange: (patch: Partial<QuoteLineItem>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onInvalid: (key: string, message: string | null) => void;
};

export const parseQuantity = (text: string): number | null => {
  const hundredths = parseHundredths(text);
  if (hundredths === null || hundredths > QUOTE_QUANTITY_MAX * 100) return null;
  return hundredths / 100;
};

/** Drag handle, Move up and Move down: three ways to reorder, the last two for any keyboard. */
function RowOrderControls({
  name,
  index,
  count,
  onMove,
  handle,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  handle: Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners'>;
}) {
  return (
    <div className="flex items-center gap-1 sm:flex-col">
      <button
        type="button"
        className={`${iconButton} cursor-grab touch-none`}
        aria-label={`Drag ${name}`}
        {...handle.attributes}
        {...handle.listeners}
      >
        <GripVertical className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={`Move ${name} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <ArrowUp className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <ArrowDown className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** The line's own fields: label, description, quantity, unit, rate, amount and optional. */
function LineFields({
  line,
  index,
  currency,
  errors,
  onChange,
  onInvalid,
}: Omit<PricingRowProps, 'count' | 'readOnly' | 'onMove' | 'onRemove'>) {
  const id = useId();
  const path = `lineItems.${index}`;
  return (
    <div className="grid grow gap-2 sm:grid-cols-6">
      <Field
        id={`${id}-label`}
        label="Item"
        labelClassName={smallLabel}
        className="sm:col-span-2"
        error={errors[`${path}.label`]}
      >
        <input
          className={inputClass}
          value={line.label}
          onChange={(e) => onChange({ label: e.target.value })}
        />
      </Field>
      <Field
        id={`${id}-description`}
        label="Description"
        labelClassName={smallLabel}
        className="sm:col-span-4"
      >
        <input
          className={inputClass}
          value={line.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </Field>
      <PricingNumberInput
        id={`${id}-quantity`}
        label="Quantity"
        value={line.quantity}
        format={(value) => hundredthsToText(Math.round(value * 100))}
        parse={parseQuantity}
        invalidMessage={`Enter a number from 0 to ${QUOTE_QUANTITY_MAX}, at most two decimals.`}
        onValue={(quantity) => onChange({ quantity })}
        onInvalid={(message) => onInvalid(`quantity:${line.id}`, message)}
        error={errors[`${path}.quantity`]}
      />
      <Field id={`${id}-unit`} label="Unit" labelClassName={smallLabel}>
        <select
          className={inputClass}
          value={line.unit}
          onChange={(e) => onChange({ unit: e.target.value as QuoteLineItem['unit'] })}
        >
          {QUOTE_LINE_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </select>
      </Field>
      <PricingNumberInput
        id={`${id}-rate`}
        label={`Rate (${currency})`}
        value={line.rateMinor}
        format={(value) => minorToMajorString(value, currency)}
        parse={(text) => {
          const minor = majorStringToMinor(text, currency);
          return minor !== null && minor <= QUOTE_AMOUNT_MAX ? minor : null;
        }}
        invalidMessage="Enter an amount such as 85 or 85.50."
        onValue={(rateMinor) => onChange({ rateMinor })}
        onInvalid={(message) => onInvalid(`rate:${line.id}`, message)}
        error={errors[`${path}.rateMinor`]}
      />
      <div>
        <span className={smallLabel}>Amount</span>
        <output
          className="block py-2 text-right text-sm font-medium tabular-nums"
          aria-label={`Amount of line ${index + 1}`}
        >
          {formatQuoteMoney(lineAmountMinor(line), currency)}
        </output>
      </div>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input
          type="checkbox"
          checked={line.optional}
          onChange={(e) => onChange({ optional: e.target.checked })}
        />
        Optional (the client chooses)
      </label>
    </div>
  );
}

/**
 * One pricing line: what it prices, quantity, unit and rate (typed in major units), its amount
 * (always computed), and whether the client may leave it out. It can be dragged by its handle.
 */
export function PricingRow(props: PricingRowProps) {
  const { line, index, readOnly } = props;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: line.id,
    disabled: readOnly,
  });
  const name = `line ${index + 1} (${line.label || 'untitled'})`;
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900 ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
    >
      <fieldset disabled={readOnly} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <legend className="sr-only">{`Line ${index + 1}: ${line.label}`}</legend>
        <RowOrderControls
          name={name}
          index={index}
          count={props.count}
          onMove={props.onMove}
          handle={{ attributes, listeners }}
        />
        <LineFields
          line={line}
          index={index}
          currency={props.currency}
          errors={props.errors}
          onChange={props.onChange}
          onInvalid={props.onInvalid}
        />
        <button
          type="button"
          className={`${iconButton} text-rose-700 dark:text-rose-300`}
          aria-label={`Remove ${name}`}
          onClick={props.onRemove}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </fieldset>
    </li>
  );
}
