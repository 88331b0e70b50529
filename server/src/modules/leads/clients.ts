import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';

import type { ClientContract } from '#contract/leads';

import type { Database } from '../../db/client.ts';
import {
  clients,
  contracts,
  leadLinks,
  leads,
  type ClientRow,
  type ContractRow,
} from '../../db/schema/leads.ts';
import { notFound } from '../../http-error.ts';
import type { StoredLead } from './repo.ts';
import { toClientContract } from './views.ts';

/** Clients and their contracts: what a won lead becomes, and what payments are attributed to. */

export async function clientOfLead(
  db: Database,
  userId: string,
  lead: StoredLead,
): Promise<ClientRow | null> {
  const [row] = await db
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.userId, userId),
        lead.clientId ? eq(clients.id, lead.clientId) : eq(clients.leadId, lead.id),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function contractsOfLead(
  db: Database,
  userId: string,
  lead: StoredLead,
): Promise<ContractRow[]> {
  return db
    .select()
    .from(contracts)
    .where(
      and(
        eq(contracts.userId, userId),
        lead.clientId
          ? or(eq(contracts.leadId, lead.id), eq(contracts.clientId, lead.clientId))
          : eq(contracts.leadId, lead.id),
      ),
    )
    .orderBy(asc(contracts.createdAt), asc(contracts.id));
}

/** The user's contract; a missing contract and another user's both answer 404. */
export async function requireContract(
  db: Database,
  userId: string,
  id: string,
): Promise<ClientContract> {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, id), eq(contracts.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Contract');
  return toClientContract(row);
}

export async function contractByUpworkId(
  db: Database,
  userId: string,
  upworkContractId: string,
): Promise<ClientContract | null> {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.userId, userId), eq(contracts.upworkContractId, upworkContractId)))
    .limit(1);
  return row ? toClientContract(row) : null;
}

/** Every contract of the user with its client's name, oldest first. */
export async function contractsOfUser(
  db: Database,
  userId: string,
): Promise<Array<ClientContract & { clientName: string }>> {
  const rows = await db
    .select({ contract: contracts, clientName: clients.name })
    .from(contracts)
    .innerJoin(clients, eq(clients.id, contracts.clientId))
    .where(eq(contracts.userId, userId))
    .orderBy(asc(contracts.createdAt), asc(contracts.id));
  return rows.map((row) => ({ ...toClientContract(row.contract), clientName: row.clientName }));
}

export type ContractAttribution = {
  contractId: string;
  contractTitle: string;
  clientId: string;
  clientName: string;
  leadId: string | null;
  leadName: string | null;
  /** The lead's response links, oldest first: the first is the response that opened the lead. */
  responseIds: string[];
  jobId: string | null;
  jobTitle: string | null;
};

/**
 * Where each contract came from: its client, its lead (not in the bin), the lead's responses and
 * its job. Contracts that are not the user's are left out of the map.
 */
export async function contractAttributions(
  db: Database,
  userId: string,
  contractIds: string[],
): Promise<Map<string, ContractAttribution>> {
  const result = new Map<string, ContractAttribution>();
  const ids = [...new Set(contractIds)];
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      contract: contracts,
      clientName: clients.name,
      clientLeadId: clients.leadId,
    })
    .from(contracts)
    .innerJoin(clients, eq(clients.id, contracts.clientId))
    .where(and(eq(contracts.userId, userId), inArray(contracts.id, ids)));
  const leadIds = [
    ...new Set(rows.flatMap((row) => row.contract.leadId ?? row.clientLeadId ?? [])),
  ];
  const leadRows =
    leadIds.length === 0
      ? []
      : await db
          .select({
            id: leads.id,
            contactName: leads.contactName,
            jobId: leads.jobId,
            jobTitle: leads.jobTitle,
          })
          .from(leads)
          .where(
            and(eq(leads.userId, userId), inArray(leads.id, leadIds), isNull(leads.deletedAt)),
          );
  const links =
    leadRows.length === 0
      ? []
      : await db
          .select()
          .from(leadLinks)
          .where(
            and(
              eq(leadLinks.userId, userId),
              inArray(
                leadLinks.leadId,
                leadRows.map((lead) => lead.id),
              ),
              inArray(leadLinks.kind, ['response', 'job']),
            ),
          )
          .orderBy(asc(leadLinks.createdAt), asc(leadLinks.id));
  const leadById = new Map(leadRows.map((lead) => [lead.id, lead]));
  for (const row of rows) {
    const lead = leadById.get(row.contract.leadId ?? row.clientLeadId ?? '');
    const mine = lead ? links.filter((link) => link.leadId === lead.id) : [];
    const jobLink = mine.find((link) => link.kind === 'job');
    result.set(row.contract.id, {
      contractId: row.contract.id,
      contractTitle: row.contract.title,
      clientId: row.contract.clientId,
      clientName: row.clientName,
      leadId: lead?.id ?? null,
      leadName: lead?.contactName ?? null,
      responseIds: mine.filter((link) => link.kind === 'response').map((link) => link.targetId),
      jobId: lead?.jobId ?? jobLink?.targetId ?? null,
      jobTitle: lead?.jobId ? lead.jobTitle : (jobLink?.title ?? (lead?.jobTitle || null)),
    });
  }
  return result;
}
