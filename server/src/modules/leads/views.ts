import type { Client, ClientContract, Lead, LeadEvent, LeadLink } from '#contract/leads';

import type { ClientRow, ContractRow, LeadEventRow, LeadLinkRow } from '../../db/schema/leads.ts';
import type { StoredLead } from './repo.ts';

/** Stored rows as the API shows them. */

export function toLead(row: StoredLead): Lead {
  return {
    id: row.id,
    contactName: row.contactName,
    company: row.company,
    email: row.email,
    upworkClientId: row.upworkClientId,
    source: row.source,
    stage: row.stage,
    stageChangedAt: row.stageChangedAt.toISOString(),
    position: row.position,
    valueMinor: row.valueMinor,
    currency: row.currency,
    probability: row.probability,
    nextAction: row.nextAction,
    nextActionDue: row.nextActionDue?.toISOString() ?? null,
    tags: row.tags,
    jobId: row.jobId,
    jobTitle: row.jobTitle,
    roomId: row.roomId,
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toLeadLink(row: LeadLinkRow): LeadLink {
  return {
    kind: row.kind,
    targetId: row.targetId,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toLeadEvent(row: LeadEventRow): LeadEvent {
  return {
    id: row.id,
    kind: row.kind,
    fromStage: row.fromStage,
    toStage: row.toStage,
    body: row.body,
    link:
      row.linkKind && row.linkTargetId ? { kind: row.linkKind, targetId: row.linkTargetId } : null,
    at: row.createdAt.toISOString(),
  };
}

export function toClient(row: ClientRow): Client {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    email: row.email,
    leadId: row.leadId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toClientContract(row: ContractRow): ClientContract {
  return {
    id: row.id,
    clientId: row.clientId,
    leadId: row.leadId,
    title: row.title,
    type: row.type,
    amountMinor: row.amountMinor,
    currency: row.currency,
    startDate: row.startDate,
    upworkContractId: row.upworkContractId,
    createdAt: row.createdAt.toISOString(),
  };
}
