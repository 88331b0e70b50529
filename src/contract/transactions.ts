import { z } from 'zod';

import { currencyCodeSchema, isoDateSchema, MONEY_MINOR_MAX } from './leads.ts';
import { cursorSchema, searchTextSchema } from './pagination.ts';

/**
 * The transactions API (/api/transactions, shown as the Transactions tab of /leads): a ledger of
 * money in and out. Amounts are positive minor units; the kind says which way the money went
 * (income and refunds received in; fees, expenses, refunds given and withdrawals out).
 */

export const TRANSACTION_KINDS = [
  'income',
  'upwork_fee',
  'refund',
  'expense',
  'withdrawal',
] as const;
export const transactionKindSchema = z.enum(TRANSACTION_KINDS);
export type TransactionKind = z.infer<typeof transactionKindSchema>;

export const TRANSACTION_KIND_LABELS: Record<TransactionKind, string> = {
  income: 'Income',
  upwork_fee: 'Upwork fee',
  refund: 'Refund',
  expense: 'Expense',
  withdrawal: 'Withdrawal',
};

/** +1 for money earned, -1 for money that reduces earnings, 0 for moving it out (withdrawal). */
export const TRANSACTION_SIGN: Record<TransactionKind, 1 | -1 | 0> = {
  income: 1,
  upwork_fee: -1,
  refund: -1,
  expense: -1,
  withdrawal: 0,
};

export const TRANSACTION_SOURCES = ['upwork', 'manual', 'csv'] as const;
export const transactionSourceSchema = z.enum(TRANSACTION_SOURCES);
export type TransactionSource = z.infer<typeof transactionSourceSchema>;

/** Where an income row's money came from: the lead, the response that opened it, its job. */
export const attributionSchema = z.object({
  leadId: z.uuid().nullable(),
  leadName: z.string().nullable(),
  responseId: z.uuid().nullable(),
  responseTitle: z.string().nullable(),
  jobId: z.uuid().nullable(),
  jobTitle: z.string().nullable(),
  templateId: z.uuid().nullable(),
  templateName: z.string().nullable(),
  portfolioItems: z.array(z.object({ id: z.uuid(), title: z.string() })),
});
export type Attribution = z.infer<typeof attributionSchema>;

export const transactionSchema = z.object({
  id: z.uuid(),
  kind: transactionKindSchema,
  amountMinor: z.number().int(),
  currency: z.string(),
  /** The day of the transaction, yyyy-mm-dd. */
  date: z.string(),
  description: z.string(),
  clientId: z.uuid().nullable(),
  clientName: z.string().nullable(),
  leadId: z.uuid().nullable(),
  contractId: z.uuid().nullable(),
  contractTitle: z.string().nullable(),
  source: transactionSourceSchema,
  externalId: z.string().nullable(),
  attribution: attributionSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const TRANSACTION_DESCRIPTION_MAX = 500;

const amountMinor = z
  .number()
  .int({ message: 'Use a whole number of minor units' })
  .positive({ message: 'The amount must be more than 0' })
  .max(MONEY_MINOR_MAX, { message: 'The amount is too large' });

export const createTransactionBodySchema = z.strictObject({
  kind: transactionKindSchema,
  amountMinor,
  currency: currencyCodeSchema,
  date: isoDateSchema,
  description: z
    .string()
    .trim()
    .max(TRANSACTION_DESCRIPTION_MAX, {
      message: `The description must be at most ${TRANSACTION_DESCRIPTION_MAX} characters`,
    })
    .default(''),
  leadId: z.uuid().nullable().default(null),
  contractId: z.uuid().nullable().default(null),
});
export type CreateTransactionBody = z.input<typeof createTransactionBodySchema>;

export const updateTransactionBodySchema = createTransactionBodySchema.partial().strict();
export type UpdateTransactionBody = z.input<typeof updateTransactionBodySchema>;

export const TRANSACTION_SORTS = ['date', 'amount', 'created'] as const;

export const listTransactionsQuerySchema = z.strictObject({
  q: searchTextSchema().optional(),
  kind: transactionKindSchema.optional(),
  source: transactionSourceSchema.optional(),
  leadId: z.uuid().optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  sort: z.enum(TRANSACTION_SORTS).default('date'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: cursorSchema.optional(),
});
export type ListTransactionsQuery = z.input<typeof listTransactionsQuerySchema>;

export const transactionListSchema = z.object({
  items: z.array(transactionSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});

const amountByCurrency = z.array(z.object({ currency: z.string(), amountMinor: z.number().int() }));

/** Totals over the filtered ledger (the list's filters apply). */
export const transactionTotalsSchema = z.object({
  /** Income minus fees, refunds and expenses, per currency. */
  net: amountByCurrency,
  income: amountByCurrency,
  fees: amountByCurrency,
  /** Fees as a share of income (0.1 = 10%), per currency; null without income. */
  feeRate: z.array(z.object({ currency: z.string(), rate: z.number().nullable() })),
  byMonth: z.array(
    z.object({
      month: z.string(),
      currency: z.string(),
      incomeMinor: z.number().int(),
      netMinor: z.number().int(),
    }),
  ),
  byClient: z.array(
    z.object({
      clientId: z.uuid().nullable(),
      clientName: z.string(),
      currency: z.string(),
      incomeMinor: z.number().int(),
    }),
  ),
  bySource: z.array(
    z.object({
      source: transactionSourceSchema,
      currency: z.string(),
      incomeMinor: z.number().int(),
    }),
  ),
});
export type TransactionTotals = z.infer<typeof transactionTotalsSchema>;

export const transactionSyncResultSchema = z.object({
  fetched: z.number().int(),
  created: z.number().int(),
  /** Rows Upwork sent again that were already here: never written twice. */
  unchanged: z.number().int(),
  attributed: z.number().int(),
  syncedThrough: z.string(),
});
export type TransactionSyncResult = z.infer<typeof transactionSyncResultSchema>;

export const TRANSACTION_CSV_COLUMNS = [
  'date',
  'kind',
  'amount',
  'currency',
  'description',
  'client',
  'external_id',
] as const;
export const TRANSACTION_CSV_MAX_BYTES = 5 * 1024 * 1024;
export const TRANSACTION_CSV_MAX_ROWS = 20000;

/** The same file is previewed (dryRun) and then imported; rows with errors or duplicates are skipped. */
export const importTransactionsBodySchema = z.strictObject({
  csv: z
    .string()
    .min(1, { message: 'The CSV file is empty' })
    .max(TRANSACTION_CSV_MAX_BYTES, { message: 'The CSV file must be at most 5 MB' }),
  dryRun: z.boolean().default(false),
});
export type ImportTransactionsBody = z.input<typeof importTransactionsBodySchema>;

/** How many rows the import's preview shows. */
export const TRANSACTION_IMPORT_PREVIEW_ROWS = 20;

export const transactionImportResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  valid: z.number().int(),
  imported: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), messages: z.array(z.string()) })),
  duplicates: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  /** The first rows that would be (or were) imported, as read. */
  preview: z.array(
    z.object({
      line: z.number().int(),
      date: z.string(),
      kind: transactionKindSchema,
      amountMinor: z.number().int(),
      currency: z.string(),
      description: z.string(),
      client: z.string(),
    }),
  ),
});
export type TransactionImportResult = z.infer<typeof transactionImportResultSchema>;

export const transactionIdParamsSchema = z.strictObject({ id: z.uuid() });
