import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  createTransactionBodySchema,
  importTransactionsBodySchema,
  listTransactionsQuerySchema,
  TRANSACTION_CSV_MAX_BYTES,
  transactionIdParamsSchema,
  transactionImportResultSchema,
  transactionListSchema,
  transactionSchema,
  transactionSyncResultSchema,
  transactionTotalsSchema,
  updateTransactionBodySchema,
} from '#contract/transactions';

import { attachmentHeader } from '../../csv.ts';
import { errorAnswers } from '../../route-errors.ts';
import { sharedLimiter } from '../upwork/service.ts';
import { exportTransactionsCsv } from './csv-export.ts';
import { importTransactionsCsv } from './csv-import.ts';
import {
  createTransaction,
  deleteTransaction,
  listTransactions,
  restoreTransaction,
  syncTransactions,
  updateTransaction,
  viewTransaction,
} from './service.ts';
import { transactionTotals } from './totals.ts';

type Routes = Parameters<FastifyPluginAsyncZod>[0];

const errors = errorAnswers(400, 401, 403, 404);
const conflictErrors = errorAnswers(400, 401, 403, 404, 409);
const syncErrors = errorAnswers(400, 401, 403, 404, 409, 429, 502, 503);
const tags = ['transactions'];
const meta = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] });

/** The list's filters without its paging: totals and the CSV select the same rows. */
const filtersQuerySchema = listTransactionsQuerySchema.omit({ limit: true, cursor: true });

/** The list, its totals and the CSV in and out. */
function registerLedgerRoutes(app: Routes): void {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          'A page of the ledger with the filtered total; income rows carry their attribution',
        querystring: listTransactionsQuerySchema,
        response: { 200: transactionListSchema, ...errors },
      },
    },
    async (request) => listTransactions(app.db, request.user!.id, request.query, meta(request)),
  );

  app.get(
    '/totals',
    {
      schema: {
        tags,
        summary: 'Net, income, fees and the fee rate paid per currency; by month, client, source',
        querystring: filtersQuerySchema,
        response: { 200: transactionTotalsSchema, ...errors },
      },
    },
    async (request) => transactionTotals(app.db, request.user!.id, request.query),
  );

  app.get(
    '/export.csv',
    {
      schema: {
        tags,
        summary: 'CSV of the filtered ledger (amounts in major units)',
        querystring: filtersQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { csv } = await exportTransactionsCsv(
        app.db,
        request.user!.id,
        request.query,
        meta(request),
      );
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(`transactions-${date}.csv`))
        .send(csv);
    },
  );

  app.post(
    '/import',
    {
      // The file travels as JSON text: its limit plus room for escaping.
      bodyLimit: TRANSACTION_CSV_MAX_BYTES * 2,
      schema: {
        tags,
        summary: 'Preview (dryRun) or import a CSV; per-line errors and duplicates are skipped',
        body: importTransactionsBodySchema,
        response: { 200: transactionImportResultSchema, ...errors },
      },
    },
    async (request) => importTransactionsCsv(app.db, request.user!.id, request.body, meta(request)),
  );

  app.post(
    '/sync',
    {
      config: { idempotency: 'claim' },
      schema: {
        tags,
        summary: 'Read the Upwork transaction history now (a second run writes nothing)',
        response: { 200: transactionSyncResultSchema, ...syncErrors },
      },
    },
    async (request) =>
      syncTransactions(
        { db: app.db, config: app.config, limiter: sharedLimiter(app.config) },
        request.user!.id,
      ),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Enter a transaction by hand (source manual)',
        body: createTransactionBodySchema,
        response: { 201: transactionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createTransaction(
        app.db,
        request.user!.id,
        request.body,
        meta(request),
      );
      return reply.status(201).send(created);
    },
  );
}

/** One transaction: read, change, delete and undo. */
function registerTransactionRoutes(app: Routes): void {
  app.get(
    '/:id',
    {
      schema: {
        tags,
        params: transactionIdParamsSchema,
        response: { 200: transactionSchema, ...errors },
      },
    },
    async (request) => viewTransaction(app.db, request.user!.id, request.params.id, meta(request)),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary:
          'Change a transaction (an Upwork row: only its description, lead and contract; else 409)',
        params: transactionIdParamsSchema,
        body: updateTransactionBodySchema,
        response: { 200: transactionSchema, ...conflictErrors },
      },
    },
    async (request) =>
      updateTransaction(app.db, request.user!.id, request.params.id, request.body, meta(request)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a transaction (undo with POST /:id/restore)',
        params: transactionIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteTransaction(app.db, request.user!.id, request.params.id, meta(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/restore',
    {
      schema: {
        tags,
        summary: 'Undo a delete',
        params: transactionIdParamsSchema,
        response: { 200: transactionSchema, ...errors },
      },
    },
    async (request) =>
      restoreTransaction(app.db, request.user!.id, request.params.id, meta(request)),
  );
}

/** /api/transactions: the caller's ledger (every signed-in user). */
const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerLedgerRoutes(app);
  registerTransactionRoutes(app);
};

export default transactionRoutes;
