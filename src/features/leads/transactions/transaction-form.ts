import {
  TRANSACTION_DESCRIPTION_MAX,
  type CreateTransactionBody,
  type Transaction,
  type TransactionKind,
  type UpdateTransactionBody,
} from '@/contract/transactions';

import { isIsoDay } from './transactions-query';
import { majorAmountText, parseMajorAmount, todayIso } from './transactions-format';

/** What the add/edit form holds: the amount as typed, in major units. */
export type TransactionDraft = {
  kind: TransactionKind;
  amount: string;
  currency: string;
  date: string;
  description: string;
  leadId: string | null;
  contractId: string | null;
};

export type DraftErrors = Partial<Record<'amount' | 'currency' | 'date' | 'description', string>>;

export function emptyDraft(currency = 'USD'): TransactionDraft {
  return {
    kind: 'income',
    amount: '',
    currency,
    date: todayIso(),
    description: '',
    leadId: null,
    contractId: null,
  };
}

export function draftOf(transaction: Transaction): TransactionDraft {
  return {
    kind: transaction.kind,
    amount: majorAmountText(transaction.amountMinor, transaction.currency),
    currency: transaction.currency,
    date: transaction.date,
    description: transaction.description,
    leadId: transaction.leadId,
    contractId: transaction.contractId,
  };
}

const CURRENCY_LETTERS = 3;
const isCurrencyCode = (code: string) =>
  code.length === CURRENCY_LETTERS && [...code].every((c) => c >= 'A' && c <= 'Z');

function descriptionError(description: string): string | undefined {
  return description.length > TRANSACTION_DESCRIPTION_MAX
    ? `The description must be at most ${TRANSACTION_DESCRIPTION_MAX} characters`
    : undefined;
}

/**
 * What an Upwork row may change: Upwork owns its kind, amount, currency and date, so only the
 * description and the links are sent.
 */
export function validateLinks(
  draft: TransactionDraft,
): { body: UpdateTransactionBody } | { errors: DraftErrors } {
  const description = draft.description.trim();
  const error = descriptionError(description);
  if (error) return { errors: { description: error } };
  return { body: { description, leadId: draft.leadId, contractId: draft.contractId } };
}

/** The body to send, or the message of every field that is wrong. */
export function validateDraft(
  draft: TransactionDraft,
): { body: CreateTransactionBody } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const description = draft.description.trim();
  const tooLong = descriptionError(description);
  if (tooLong) errors.description = tooLong;
  const currency = draft.currency.trim().toUpperCase();
  if (!isCurrencyCode(currency)) errors.currency = 'Use a 3-letter ISO currency code such as USD';
  const amount = parseMajorAmount(draft.amount, isCurrencyCode(currency) ? currency : 'USD');
  if ('error' in amount) errors.amount = amount.error;
  if (!isIsoDay(draft.date)) errors.date = 'Enter the date of the transaction';
  if ('error' in amount || Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      kind: draft.kind,
      amountMinor: amount.minor,
      currency,
      date: draft.date,
      description,
      leadId: draft.leadId,
      contractId: draft.contractId,
    },
  };
}
