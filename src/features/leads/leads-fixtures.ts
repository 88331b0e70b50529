import { http, HttpResponse } from 'msw';

import {
  LEAD_STAGES,
  type Lead,
  type LeadBoard,
  type LeadDetail,
  type LeadImportResult,
} from '@/contract/leads';
import { TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';

/** Test data and a fake leads API over MSW, for the leads screen's tests. */

export const LEAD_A = '11111111-1111-4111-8111-111111111111';
export const LEAD_B = '22222222-2222-4222-8222-222222222222';
export const LEAD_C = '33333333-3333-4333-8333-333333333333';
export const LEAD_D = '44444444-4444-4444-8444-444444444444';

export function lead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: LEAD_A,
    contactName: 'Acme',
    company: 'Acme Travel',
    email: 'ops@acme.test',
    upworkClientId: null,
    source: 'upwork',
    stage: 'negotiation',
    stageChangedAt: '2026-11-20T10:00:00.000Z',
    position: 1,
    valueMinor: 250_000,
    currency: 'USD',
    probability: 80,
    nextAction: 'Send the revised quote',
    nextActionDue: null,
    tags: ['retainer'],
    jobId: null,
    jobTitle: 'Booking platform rebuild',
    roomId: null,
    clientId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

/** A board from leads, in their order, every column with its count and totals. */
export function boardOf(leads: readonly Lead[]): LeadBoard {
  return {
    columns: LEAD_STAGES.map((stage) => {
      const items = leads.filter((l) => l.stage === stage);
      const totals = new Map<string, number>();
      for (const l of items) totals.set(l.currency, (totals.get(l.currency) ?? 0) + l.valueMinor);
      return {
        stage,
        count: items.length,
        totals: [...totals].map(([currency, valueMinor]) => ({ currency, valueMinor })),
        items,
      };
    }),
  };
}

export function detailOf(l: Lead, overrides: Partial<LeadDetail> = {}): LeadDetail {
  return {
    lead: l,
    links: [],
    events: [
      {
        id: '55555555-5555-4555-8555-555555555555',
        kind: 'created',
        fromStage: null,
        toStage: 'new',
        body: 'Lead created',
        link: null,
        at: '2026-11-20T10:00:00.000Z',
      },
    ],
    client: null,
    contracts: [],
    ...overrides,
  };
}

type Call = { method: string; path: string; body: unknown; query: URLSearchParams };

/** The leads API over a mutable list; records every call. */
export function leadsApiFake(initial: Lead[], options: { failMove?: boolean } = {}) {
  const state = {
    leads: [...initial],
    calls: [] as Call[],
    importResult: null as LeadImportResult | null,
  };
  const record = async (request: Request, path: string) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    state.calls.push({
      method: request.method,
      path,
      body: text ? (JSON.parse(text) as unknown) : null,
      query: url.searchParams,
    });
  };
  const deleted = new Map<string, Lead>();
  const find = (id: unknown) => state.leads.find((l) => l.id === id);
  server.use(
    http.get(`${TEST_API}/api/leads/board`, async ({ request }) => {
      await record(request, '/board');
      return HttpResponse.json(boardOf(state.leads));
    }),
    http.get(`${TEST_API}/api/leads/tags`, () =>
      HttpResponse.json({ tags: [...new Set(state.leads.flatMap((l) => l.tags))] }),
    ),
    http.get(`${TEST_API}/api/leads/upwork-contracts`, () =>
      HttpResponse.json(
        { error: { code: 'upwork_not_connected', message: 'Connect Upwork first' } },
        { status: 409 },
      ),
    ),
    http.get(`${TEST_API}/api/leads`, async ({ request }) => {
      await record(request, '/list');
      return HttpResponse.json({ items: state.leads, nextCursor: null, total: state.leads.length });
    }),
    http.get(`${TEST_API}/api/leads/:id`, ({ params }) => {
      const found = find(params.id);
      return found
        ? HttpResponse.json(detailOf(found))
        : HttpResponse.json(
            { error: { code: 'not_found', message: 'Lead not found' } },
            { status: 404 },
          );
    }),
    http.post(`${TEST_API}/api/leads/:id/move`, async ({ request, params }) => {
      await record(request, `/${String(params.id)}/move`);
      if (options.failMove)
        return HttpResponse.json(
          { error: { code: 'conflict', message: 'The board changed' } },
          { status: 409 },
        );
      const body = state.calls.at(-1)?.body as { stage: Lead['stage'] };
      const found = find(params.id);
      if (found) found.stage = body.stage;
      return HttpResponse.json(found);
    }),
    http.patch(`${TEST_API}/api/leads/:id`, async ({ request, params }) => {
      await record(request, `/${String(params.id)}`);
      const found = find(params.id);
      if (found)
        Object.assign(found, state.calls.at(-1)?.body, { updatedAt: new Date().toISOString() });
      return HttpResponse.json(found);
    }),
    http.post(`${TEST_API}/api/leads/:id/notes`, async ({ request, params }) => {
      await record(request, `/${String(params.id)}/notes`);
      return HttpResponse.json({}, { status: 201 });
    }),
    http.delete(`${TEST_API}/api/leads/:id`, async ({ request, params }) => {
      await record(request, `/${String(params.id)}`);
      const found = find(params.id);
      state.leads = state.leads.filter((l) => l.id !== params.id);
      if (found) deleted.set(found.id, found);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${TEST_API}/api/leads/:id/restore`, async ({ request, params }) => {
      await record(request, `/${String(params.id)}/restore`);
      const found = deleted.get(String(params.id));
      if (found) state.leads.push(found);
      return HttpResponse.json(found);
    }),
    http.post(`${TEST_API}/api/leads/:id/convert`, async ({ request, params }) => {
      await record(request, `/${String(params.id)}/convert`);
      return HttpResponse.json({}, { status: 201 });
    }),
    http.post(`${TEST_API}/api/leads/import`, async ({ request }) => {
      await record(request, '/import');
      const body = state.calls.at(-1)?.body as { dryRun: boolean };
      const result = state.importResult;
      if (!result) return HttpResponse.json({ error: { message: 'no result' } }, { status: 500 });
      return HttpResponse.json({
        ...result,
        dryRun: body.dryRun,
        imported: body.dryRun ? 0 : result.valid,
      });
    }),
  );
  return state;
}
