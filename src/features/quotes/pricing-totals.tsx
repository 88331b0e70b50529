import { useId } from 'react';

import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/page';
import {
  formatQuoteMoney,
  majorStringToMinor,
  minorToMajorString,
  quoteTotals,
} from '@/contract/quote-totals';
import {
  BASIS_POINTS_FULL,
  QUOTE_AMOUNT_MAX,
  type QuoteDiscount,
  type QuoteDocument,
} from '@/contract/quotes';

import { PricingNumberInput } from './pricing-input';
import { hundredthsToText, parseHundredths } from './quote-editor-text';
import type { FieldErrors } from './use-quote-autosave';

const smallLabel = 'block text-xs font-medium text-slate-700 dark:text-slate-300';

const parsePercent = (text: string): number | null => {
  const basisPoints = parseHundredths(text);
  return basisPoints !== null && basisPoints <= BASIS_POINTS_FULL ? basisPoints : null;
};
const PERCENT_MESSAGE = 'Enter a percentage from 0 to 100, at most two decimals.';

type DiscountKind = 'none' | QuoteDiscount['kind'];

/** The discount (none, a percentage, or a fixed amount) and the tax rate. */
function DiscountAndTax({
  doc,
  errors,
  set,
  onInvalid,
}: {
  doc: QuoteDocument;
  errors: FieldErrors;
  set: (patch: Partial<QuoteDocument>) => void;
  onInvalid: (key: string, message: string | null) => void;
}) {
  const id = useId();
  const kind: DiscountKind = doc.discount?.kind ?? 'none';
  const changeKind = (next: DiscountKind) => {
    onInvalid('discount', null);
    if (next === 'none') set({ discount: null });
    else if (next === 'percent') set({ discount: { kind: 'percent', basisPoints: 0 } });
    else set({ discount: { kind: 'amount', amountMinor: 0 } });
  };
  return (
    <div className="grid gap-2 sm:grid-cols-3">
      <Field id={`${id}-kind`} label="Discount" labelClassName={smallLabel}>
        <select
          className={inputClass}
          value={kind}
          onChange={(e) => changeKind(e.target.value as DiscountKind)}
        >
          <option value="none">No discount</option>
          <option value="percent">Percentage</option>
          <option value="amount">Fixed amount</option>
        </select>
      </Field>
      {doc.discount?.kind === 'percent' ? (
        <PricingNumberInput
          key="percent"
          id={`${id}-percent`}
          label="Discount (%)"
          value={doc.discount.basisPoints}
          format={hundredthsToText}
          parse={parsePercent}
          invalidMessage={PERCENT_MESSAGE}
          onValue={(basisPoints) => set({ discount: { kind: 'percent', basisPoints } })}
          onInvalid={(message) => onInvalid('discount', message)}
          error={errors['discount.basisPoints']}
        />
      ) : null}
      {doc.discount?.kind === 'amount' ? (
        <PricingNumberInput
          key="amount"
          id={`${id}-amount`}
          label={`Discount (${doc.currency})`}
          value={doc.discount.amountMinor}
          format={(value) => minorToMajorString(value, doc.currency)}
          parse={(text) => {
            const minor = majorStringToMinor(text, doc.currency);
            return minor !== null && minor <= QUOTE_AMOUNT_MAX ? minor : null;
          }}
          invalidMessage="Enter an amount such as 100 or 99.50."
          onValue={(amountMinor) => set({ discount: { kind: 'amount', amountMinor } })}
          onInvalid={(message) => onInvalid('discount', message)}
          error={errors['discount.amountMinor']}
        />
      ) : null}
      <PricingNumberInput
        id={`${id}-tax`}
        label="Tax (%)"
        value={doc.taxBasisPoints}
        format={hundredthsToText}
        parse={parsePercent}
        invalidMessage={PERCENT_MESSAGE}
        onValue={(taxBasisPoints) => set({ taxBasisPoints })}
        onInvalid={(message) => onInvalid('tax', message)}
        error={errors.taxBasisPoints}
      />
    </div>
  );
}

/** Discount, tax and the live totals, every amount computed by the contract's own functions. */
export function PricingTotals({
  doc,
  errors,
  readOnly,
  update,
  onInvalid,
}: {
  doc: QuoteDocument;
  errors: FieldErrors;
  readOnly: boolean;
  update: (change: (doc: QuoteDocument) => QuoteDocument) => void;
  onInvalid: (key: string, message: string | null) => void;
}) {
  const totals = quoteTotals(doc);
  const money = (minor: number) => formatQuoteMoney(minor, doc.currency);
  const rows: [string, string][] = [
    ['Subtotal', money(totals.subtotalMinor)],
    ['Discount', totals.discountMinor > 0 ? `−${money(totals.discountMinor)}` : money(0)],
    ['Tax', money(totals.taxMinor)],
  ];
  const excluded = doc.lineItems.filter((line) => line.optional && !line.selected).length;
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <fieldset disabled={readOnly}>
        <legend className="sr-only">Discount and tax</legend>
        <DiscountAndTax
          doc={doc}
          errors={errors}
          set={(patch) => update((d) => ({ ...d, ...patch }))}
          onInvalid={onInvalid}
        />
      </fieldset>
      <dl aria-label="Totals" className="ml-auto max-w-xs space-y-1 text-sm tabular-nums">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 text-base font-semibold dark:border-slate-700">
          <dt>Total</dt>
          <dd>{money(totals.totalMinor)}</dd>
        </div>
      </dl>
      {excluded > 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {excluded === 1 ? 'One optional line is' : `${excluded} optional lines are`} not in the
          total until the client ticks {excluded === 1 ? 'it' : 'them'}.
        </p>
      ) : null}
    </div>
  );
}
