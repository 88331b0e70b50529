import { useState, type FormEvent } from 'react';

import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-feedback';
import { buttonClass, inputClass } from '@/components/ui/page';
import { Select, optionsOf } from '@/components/ui/select';
import {
  TRANSACTION_DESCRIPTION_MAX,
  TRANSACTION_KINDS,
  TRANSACTION_KIND_LABELS,
  type Transaction,
} from '@/contract/transactions';
import { apiErrorMessage } from '@/lib/api-error-message';

import { ModalDialog } from '@/components/ui/modal-dialog';
import {
  draftOf,
  emptyDraft,
  validateDraft,
  validateLinks,
  type DraftErrors,
  type TransactionDraft,
} from './transaction-form';
import { TransactionLinkFields } from './transaction-link-fields';
import { useCreateTransactionMutation, useUpdateTransactionMutation } from './transactions.api';
import { formatDay, signedAmount } from './transactions-format';

/** Kind, amount, currency and date of an Upwork row, shown as text: Upwork owns them. */
function UpworkFacts({ transaction }: { transaction: Transaction }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600 dark:text-slate-300">Kind</dt>
        <dd>{TRANSACTION_KIND_LABELS[transaction.kind]}</dd>
        <dt className="text-slate-600 dark:text-slate-300">Amount</dt>
        <dd className="tabular-nums">
          {signedAmount(transaction.kind, transaction.amountMinor, transaction.currency)}
        </dd>
        <dt className="text-slate-600 dark:text-slate-300">Date</dt>
        <dd>{formatDay(transaction.date)}</dd>
      </dl>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
        This row came from Upwork, so its kind, amount and date stay as Upwork recorded them. You
        can change the description and the lead and contract it belongs to.
      </p>
    </div>
  );
}

/** Kind, amount (major units), currency and date of a manual or imported row. */
function MoneyFields({
  draft,
  errors,
  set,
}: {
  draft: TransactionDraft;
  errors: DraftErrors;
  set: (changes: Partial<TransactionDraft>) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Select
        id="transaction-kind"
        label="Kind"
        options={optionsOf(TRANSACTION_KINDS, TRANSACTION_KIND_LABELS)}
        value={draft.kind}
        onChange={(e) => set({ kind: e.target.value as TransactionDraft['kind'] })}
      />
      <Field id="transaction-date" label="Date" error={errors.date}>
        <input
          type="date"
          className={inputClass}
          value={draft.date}
          onChange={(e) => set({ date: e.target.value })}
        />
      </Field>
      <Field
        id="transaction-amount"
        label="Amount"
        hint="In whole units, e.g. 120.50; the kind says which way it went"
        error={errors.amount}
      >
        <input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className={inputClass}
          value={draft.amount}
          onChange={(e) => set({ amount: e.target.value })}
          maxLength={20}
        />
      </Field>
      <Field id="transaction-currency" label="Currency" error={errors.currency}>
        <input
          type="text"
          autoComplete="off"
          className={`${inputClass} uppercase`}
          value={draft.currency}
          onChange={(e) => set({ currency: e.target.value })}
          maxLength={3}
        />
      </Field>
    </div>
  );
}

/**
 * Add a transaction, or edit one (`transaction` set). Checks the fields before sending and shows
 * the server's message when it refuses.
 */
export function TransactionFormDialog({
  open,
  transaction,
  onClose,
  onSaved,
}: {
  open: boolean;
  transaction: Transaction | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [draft, setDraft] = useState<TransactionDraft>(() =>
    transaction ? draftOf(transaction) : emptyDraft(),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [create, creating] = useCreateTransactionMutation();
  const [update, updating] = useUpdateTransactionMutation();
  const fromUpwork = transaction?.source === 'upwork';
  const busy = creating.isLoading || updating.isLoading;
  const set = (changes: Partial<TransactionDraft>) => setDraft((d) => ({ ...d, ...changes }));

  /** Checks the fields, then sends them; null when a field is wrong. */
  const save = () => {
    setErrors({});
    if (transaction && fromUpwork) {
      const checked = validateLinks(draft);
      if ('errors' in checked) {
        setErrors(checked.errors);
        return null;
      }
      return update({ id: transaction.id, body: checked.body });
    }
    const checked = validateDraft(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return null;
    }
    return transaction ? update({ id: transaction.id, body: checked.body }) : create(checked.body);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const request = save();
    if (!request) return;
    const result = await request;
    if ('error' in result) {
      setServerError(apiErrorMessage(result.error, 'Could not save the transaction. Try again.'));
      return;
    }
    onSaved(transaction ? 'Saved the transaction.' : 'Added the transaction.');
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={transaction ? 'Edit transaction' : 'Add transaction'}
      description={
        transaction
          ? undefined
          : 'Money Upwork does not record: payments outside Upwork, expenses, refunds.'
      }
    >
      <form noValidate className="space-y-4" onSubmit={(e) => void submit(e)}>
        {transaction && fromUpwork ? (
          <UpworkFacts transaction={transaction} />
        ) : (
          <MoneyFields draft={draft} errors={errors} set={set} />
        )}
        <Field id="transaction-description" label="Description" error={errors.description}>
          <textarea
            className={inputClass}
            rows={2}
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
            maxLength={TRANSACTION_DESCRIPTION_MAX}
          />
        </Field>
        <TransactionLinkFields
          value={{ leadId: draft.leadId, contractId: draft.contractId }}
          onChange={(links) => set(links)}
          currentLeadName={transaction?.attribution?.leadName ?? transaction?.clientName ?? null}
        />
        <FormAlert>{serverError}</FormAlert>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? 'Saving…' : transaction ? 'Save' : 'Add transaction'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
