import { http, HttpResponse } from 'msw';

import type { Lead, LeadDetail } from '@/contract/leads';
import type {
  Transaction,
  TransactionImportResult,
  TransactionSyncResult,
  TransactionTotals,
} from '@/contract/transactions';
import type { UpworkConnection } from '@/contract/upwork';
import { TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';

export const TX_INCOME = '11111111-1111-4111-8111-111111111111';
export const TX_FEE = '22222222-2222-4222-8222-222222222222';
export const LEAD_ID = '33333333-3333-4333-8333-333333333333';
export const RESPONSE_ID = '44444444-4444-4444-8444-444444444444';
export const JOB_ID = '55555555-5555-4555-8555-555555555555';
export const CONTRACT_ID = '66666666-6666-4666-8666-666666666666';
export const CLIENT_ID = '77777777-7777-4777-8777-777777777777';
export const PORTFOLIO_ID = '88888888-8888-4888-8888-888888888888';
export const TEMPLATE_ID = '99999999-9999-4999-8999-999999999999';

export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: TX_INCOME,
    kind: 'income',
    amountMinor: 120_000,
    currency: 'USD',
    date: '2026-03-04',
    description: 'Milestone 1',
    clientId: CLIENT_ID,
    clientName: 'Acme Travel',
    leadId: LEAD_ID,
    contractId: CONTRACT_ID,
    contractTitle: 'Booking platform',
    source: 'upwork',
    externalId: 'up-1',
    attribution: {
      leadId: LEAD_ID,
      leadName: 'Dana Reyes',
      responseId: RESPONSE_ID,
      responseTitle: 'Proposal: booking platform rebuild',
      jobId: JOB_ID,
      jobTitle: 'Rebuild our booking platform',
      templateId: TEMPLATE_ID,
      templateName: 'Short intro',
      portfolioItems: [{ id: PORTFOLIO_ID, title: 'Hotel booking app' }],
    },
    createdAt: '2026-03-04T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export const feeRow = transaction({
  id: TX_FEE,
  kind: 'upwork_fee',
  amountMinor: 12_000,
  description: 'Service Fee',
  externalId: 'up-2',
  attribution: null,
});

export const totals: TransactionTotals = {
  net: [{ currency: 'USD', amountMinor: 108_000 }],
  income: [{ currency: 'USD', amountMinor: 120_000 }],
  fees: [{ currency: 'USD', amountMinor: 12_000 }],
  feeRate: [{ currency: 'USD', rate: 0.1 }],
  byMonth: [{ month: '2026-03', currency: 'USD', incomeMinor: 120_000, netMinor: 108_000 }],
  byClient: [
    { clientId: CLIENT_ID, clientName: 'Acme Travel', currency: 'USD', incomeMinor: 120_000 },
  ],
  bySource: [{ source: 'upwork', currency: 'USD', incomeMinor: 120_000 }],
};

export const lead = {
  id: LEAD_ID,
  contactName: 'Dana Reyes',
  company: 'Acme Travel',
} as const;

function leadRow(): Lead {
  return {
    ...lead,
    email: '',
    upworkClientId: null,
    source: 'upwork',
    stage: 'won',
    stageChangedAt: '2026-03-01T10:00:00.000Z',
    position: 1,
    valueMinor: 0,
    currency: 'USD',
    probability: 100,
    nextAction: '',
    nextActionDue: null,
    tags: [],
    jobId: null,
    jobTitle: '',
    roomId: null,
    clientId: CLIENT_ID,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
  };
}

function leadDetail(): LeadDetail {
  return {
    lead: leadRow(),
    links: [],
    events: [],
    client: null,
    contracts: [
      {
        id: CONTRACT_ID,
        clientId: CLIENT_ID,
        leadId: LEAD_ID,
        title: 'Booking platform',
        type: 'fixed',
        amountMinor: 500_000,
        currency: 'USD',
        startDate: '2026-03-01',
        upworkContractId: null,
        createdAt: '2026-03-01T10:00:00.000Z',
      },
    ],
  };
}

export type LedgerApi = {
  items: Transaction[];
  requests: URLSearchParams[];
  created: unknown[];
  patched: unknown[];
  deleted: string[];
  restored: string[];
  imports: Array<{ csv: string; dryRun: boolean }>;
};

/**
 * The transactions API over a mutable ledger; records what the tab sends. `sync` and
 * `importResult` answer POST /sync and POST /import.
 */
export function ledgerApi(
  initial: Transaction[],
  options: {
    sync?: () => Response;
    importResult?: (dryRun: boolean) => TransactionImportResult;
    connected?: boolean;
    nextCursor?: string | null;
  } = {},
): LedgerApi {
  const state: LedgerApi = {
    items: [...initial],
    requests: [],
    created: [],
    patched: [],
    deleted: [],
    restored: [],
    imports: [],
  };
  const removed = new Map<string, Transaction>();
  server.use(
    http.get(`${TEST_API}/api/transactions`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      state.requests.push(params);
      const kind = params.get('kind');
      const items = state.items.filter((t) => !kind || t.kind === kind);
      return HttpResponse.json({
        items,
        nextCursor: params.get('cursor') ? null : (options.nextCursor ?? null),
        total: items.length,
      });
    }),
    http.get(`${TEST_API}/api/transactions/totals`, () => HttpResponse.json(totals)),
    http.post(`${TEST_API}/api/transactions`, async ({ request }) => {
      const body = (await request.json()) as Partial<Transaction>;
      state.created.push(body);
      const row = transaction({ ...body, id: crypto.randomUUID(), source: 'manual' });
      state.items.push(row);
      return HttpResponse.json(row, { status: 201 });
    }),
    http.patch(`${TEST_API}/api/transactions/:id`, async ({ request, params }) => {
      const body = (await request.json()) as Partial<Transaction>;
      state.patched.push(body);
      const row = state.items.find((t) => t.id === params.id);
      return HttpResponse.json({ ...row, ...body });
    }),
    http.delete(`${TEST_API}/api/transactions/:id`, ({ params }) => {
      const id = String(params.id);
      state.deleted.push(id);
      const row = state.items.find((t) => t.id === id);
      if (row) removed.set(id, row);
      state.items = state.items.filter((t) => t.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${TEST_API}/api/transactions/:id/restore`, ({ params }) => {
      const id = String(params.id);
      state.restored.push(id);
      const row = removed.get(id);
      if (row) state.items.push(row);
      return HttpResponse.json(row);
    }),
    http.post(`${TEST_API}/api/transactions/sync`, () =>
      options.sync
        ? options.sync()
        : HttpResponse.json({
            fetched: 42,
            created: 12,
            unchanged: 30,
            attributed: 3,
            syncedThrough: '2026-03-05',
          } satisfies TransactionSyncResult),
    ),
    http.post(`${TEST_API}/api/transactions/import`, async ({ request }) => {
      const body = (await request.json()) as { csv: string; dryRun: boolean };
      state.imports.push(body);
      const result = options.importResult?.(body.dryRun);
      return result ? HttpResponse.json(result) : HttpResponse.json({}, { status: 500 });
    }),
    http.get(`${TEST_API}/api/leads`, () =>
      HttpResponse.json({ items: [leadRow()], nextCursor: null, total: 1 }),
    ),
    http.get(`${TEST_API}/api/leads/:id`, () => HttpResponse.json(leadDetail())),
  );
  if (options.connected)
    server.use(
      http.get(`${TEST_API}/api/upwork/connection`, () =>
        HttpResponse.json({
          status: 'connected',
          demo: true,
          upworkUserName: 'Sam',
          organizationId: null,
          organizations: [],
          connectedAt: '2026-03-01T10:00:00.000Z',
          lastSyncAt: null,
          lastError: null,
          removeAppUrl: 'https://www.upwork.com/ab/account-security/connected-services',
        } satisfies UpworkConnection),
      ),
    );
  return state;
}
