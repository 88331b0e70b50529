import type { Attribution, Transaction } from '#contract/transactions';

import type { Database } from '../../db/client.ts';
import type { TransactionRow } from '../../db/schema/transactions.ts';
import { contractAttributions } from '../leads/service.ts';
import { responseSummaries } from '../responses/service.ts';

/**
 * Where money came from. Every income row linked to a contract shows the lead, the response that
 * opened it (the first one sent), the job, and the template and portfolio items that response
 * used. A page of rows costs two batched look-ups, whatever its length: the contracts, then the
 * responses.
 */

type ContractInfo =
  Awaited<ReturnType<typeof contractAttributions>> extends Map<string, infer V> ? V : never;
type ResponseInfo =
  Awaited<ReturnType<typeof responseSummaries>> extends Map<string, infer V> ? V : never;

/** The response that opened the contract: the earliest sent among its responses. */
function openingResponse(
  contract: ContractInfo,
  responses: Map<string, ResponseInfo>,
): ResponseInfo | null {
  let best: ResponseInfo | null = null;
  for (const id of contract.responseIds) {
    const response = responses.get(id);
    if (!response) continue;
    if (!best) best = response;
    else if (response.sentAt && (!best.sentAt || response.sentAt < best.sentAt)) best = response;
  }
  return best;
}

function attributionOf(contract: ContractInfo, responses: Map<string, ResponseInfo>): Attribution {
  const response = openingResponse(contract, responses);
  return {
    leadId: contract.leadId,
    leadName: contract.leadName,
    responseId: response?.id ?? null,
    responseTitle: response?.jobTitle ?? null,
    jobId: contract.jobId ?? response?.jobId ?? null,
    jobTitle: contract.jobTitle ?? response?.jobTitle ?? null,
    templateId: response?.templateId ?? null,
    templateName: response?.templateName ?? null,
    portfolioItems: response?.portfolioItems ?? [],
  };
}

/** The API's view of ledger rows, with contract titles, client names and attributions. */
export async function toTransactions(
  db: Database,
  userId: string,
  rows: TransactionRow[],
): Promise<Transaction[]> {
  const contractIds = [...new Set(rows.flatMap((row) => (row.contractId ? [row.contractId] : [])))];
  const contracts =
    contractIds.length > 0 ? await contractAttributions(db, userId, contractIds) : new Map();
  const responseIds = new Set<string>();
  for (const row of rows) {
    if (row.kind !== 'income' || !row.contractId) continue;
    for (const id of contracts.get(row.contractId)?.responseIds ?? []) responseIds.add(id);
  }
  const responses =
    responseIds.size > 0 ? await responseSummaries(db, userId, [...responseIds]) : new Map();
  return rows.map((row) => {
    const contract = row.contractId ? contracts.get(row.contractId) : undefined;
    return {
      id: row.id,
      kind: row.kind,
      amountMinor: row.amountMinor,
      currency: row.currency,
      date: row.occurredOn,
      description: row.description,
      clientId: row.clientId,
      clientName: contract?.clientName || row.counterparty || null,
      leadId: row.leadId,
      contractId: row.contractId,
      contractTitle: contract?.contractTitle ?? null,
      source: row.source,
      externalId: row.externalId,
      attribution: row.kind === 'income' && contract ? attributionOf(contract, responses) : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}
