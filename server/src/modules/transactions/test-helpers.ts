import {
  convertLeadBodySchema,
  createLeadBodySchema,
  updateLeadBodySchema,
  type ConvertLeadBody,
  type CreateLeadBody,
} from '#contract/leads';

import type { Database } from '../../db/client.ts';
import { transactions, type NewTransactionRow } from '../../db/schema/transactions.ts';
import { convertLead, createLead, updateLead, upsertLeadFromReply } from '../leads/service.ts';

/** Fixtures for the ledger's tests: leads, converted leads with a contract, Upwork rows. */

export async function makeLead(db: Database, userId: string, body: Partial<CreateLeadBody> = {}) {
  return createLead(
    db,
    userId,
    createLeadBodySchema.parse({ contactName: 'Maya Client', ...body }),
    {},
  );
}

/** A won lead converted into a client with one contract; answers the lead and the contract. */
export async function convertedLead(
  db: Database,
  userId: string,
  options: {
    leadId?: string;
    contactName?: string;
    contract?: Partial<ConvertLeadBody>;
  } = {},
) {
  const leadId =
    options.leadId ?? (await makeLead(db, userId, { contactName: options.contactName })).id;
  await updateLead(db, userId, leadId, updateLeadBodySchema.parse({ stage: 'won' }), {});
  const detail = await convertLead(
    db,
    userId,
    leadId,
    convertLeadBodySchema.parse({
      clientName: options.contactName ?? 'Maya Client',
      contractTitle: 'Website rebuild',
      type: 'fixed',
      amountMinor: 500_000,
      currency: 'USD',
      startDate: '2026-01-10',
      ...options.contract,
    }),
    {},
  );
  const contract = detail.contracts[0];
  if (!contract) throw new Error('convert made no contract');
  return { lead: detail.lead, contract, client: detail.client };
}

/** A lead made the way a client's reply makes it: linked to the response and its job. */
export async function leadFromResponse(
  db: Database,
  userId: string,
  response: { id: string; title: string },
  job: { id: string; title: string },
) {
  const { lead } = await upsertLeadFromReply(db, userId, {
    contactName: 'Ravi Replies',
    response,
    job,
  });
  return lead;
}

/** An Upwork row as a sync would write it. */
export async function insertUpworkRow(
  db: Database,
  userId: string,
  values: Partial<NewTransactionRow> = {},
) {
  const [row] = await db
    .insert(transactions)
    .values({
      userId,
      kind: 'income',
      amountMinor: 100_000,
      currency: 'USD',
      occurredOn: '2026-02-01',
      description: 'Invoice for work',
      source: 'upwork',
      externalId: `rec-${Math.random().toString(36).slice(2)}`,
      fetchedAt: new Date(),
      ...values,
    })
    .returning();
  return row!;
}
