import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';

import type { convertLeadBodySchema, UpworkContractOption } from '#contract/leads';

import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { clients, contracts } from '../../db/schema/leads.ts';
import { HttpError } from '../../http-error.ts';
import { recordActivity } from '../activities/service.ts';
import { listUpworkContracts, sharedLimiter } from '../upwork/service.ts';
import { requireLead } from './lead-access.ts';
import * as repo from './repo.ts';

/**
 * Converting: a won lead becomes a client with a contract (fixed amount or hourly rate). A lead
 * converted before keeps its client and gains another contract. The Upwork contract id, when
 * given, ties synced payments to the contract, so it belongs to one contract of the user only.
 */

const CONTRACT_TAKEN =
  'That Upwork contract is already linked to one of your contracts; choose another or leave it empty.';

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Creates the client (first time) and the contract of a won lead, in one transaction. */
export async function convertWonLead(
  db: Database,
  userId: string,
  id: string,
  body: z.output<typeof convertLeadBodySchema>,
  meta: { userAgent?: string | undefined },
): Promise<void> {
  const lead = await requireLead(db, userId, id);
  if (lead.stage !== 'won') {
    throw new HttpError(409, 'conflict', 'Only a won lead can be converted: move it to Won first.');
  }
  if (body.upworkContractId) {
    const [taken] = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(
        and(eq(contracts.userId, userId), eq(contracts.upworkContractId, body.upworkContractId)),
      )
      .limit(1);
    if (taken) throw new HttpError(409, 'conflict', CONTRACT_TAKEN);
  }
  try {
    await db.transaction(async (tx) => {
      let clientId = lead.clientId;
      if (clientId) {
        await tx
          .update(clients)
          .set({ name: body.clientName, updatedAt: new Date() })
          .where(and(eq(clients.id, clientId), eq(clients.userId, userId)));
      } else {
        const [client] = await tx
          .insert(clients)
          .values({
            userId,
            name: body.clientName,
            company: lead.company,
            email: lead.email,
            upworkClientId: lead.upworkClientId,
            leadId: lead.id,
          })
          .returning({ id: clients.id });
        clientId = client!.id;
      }
      const [contract] = await tx
        .insert(contracts)
        .values({
          userId,
          clientId,
          leadId: lead.id,
          title: body.contractTitle,
          type: body.type,
          amountMinor: body.amountMinor,
          currency: body.currency,
          startDate: body.startDate,
          upworkContractId: body.upworkContractId,
        })
        .returning({ id: contracts.id });
      await repo.updateLeadRow(tx, userId, lead.id, { clientId });
      await repo.addEvent(tx, userId, lead.id, {
        kind: 'converted',
        body: `Converted to client ${body.clientName}: ${body.contractTitle}`,
      });
      await recordActivity(tx, {
        userId,
        action: 'convert_lead',
        details: {
          leadId: lead.id,
          clientId,
          contractId: contract!.id,
          type: body.type,
          amountMinor: body.amountMinor,
          currency: body.currency,
          upworkContractId: body.upworkContractId,
        },
        jobId: lead.jobId,
        userAgent: meta.userAgent,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'conflict', CONTRACT_TAKEN);
    throw error;
  }
}

/** The user's Upwork contracts for the convert dialog (409 when Upwork is not connected). */
export async function upworkContractOptions(
  db: Database,
  config: Config,
  userId: string,
): Promise<{ items: UpworkContractOption[] }> {
  const found = await listUpworkContracts({ db, config, limiter: sharedLimiter(config) }, userId);
  return {
    items: found.map((contract) => ({
      id: contract.id,
      title: contract.title,
      clientName: contract.clientName,
      type: contract.type,
      amountMinor: contract.amountMinor,
      currency: contract.currency,
      startDate: contract.startDate,
    })),
  };
}
