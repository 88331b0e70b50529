import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Transaction, TransactionSyncResult } from '#contract/transactions';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';
import { startUpworkSandbox, type UpworkSandbox } from '#test-support/upwork-sandbox';
import { runUserRound } from '#test-support/user-round';

import { transactionSyncState } from '../../db/schema/transactions.ts';
import { insertJob } from '../responses/test-helpers.ts';
import { sharedLimiter } from '../upwork/service.ts';
import { transactionSyncRound, upworkKind } from './sync.ts';
import { convertedLead, leadFromResponse } from './test-helpers.ts';

let sandbox: UpworkSandbox;
let h: Harness;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  sandbox = await startUpworkSandbox({ jobCount: 5 });
  h = await createHarness({
    env: {
      UPWORK_CLIENT_ID: sandbox.clientId,
      UPWORK_CLIENT_SECRET: sandbox.clientSecret,
      UPWORK_AUTHORIZE_URL: sandbox.authorizeUrl,
      UPWORK_TOKEN_URL: sandbox.tokenUrl,
      UPWORK_GRAPHQL_URL: sandbox.graphqlUrl,
      UPWORK_REQUESTS_PER_SECOND: '50',
      TRANSACTION_SYNC_SECONDS: '0',
      MESSAGE_POLL_SECONDS: '0',
      SAVED_SEARCH_POLL_SECONDS: '0',
    },
  });
  alice = await h.signIn({ modules: ['upwork', 'response'] });
  bob = await h.signIn({ modules: ['upwork'] });
});
afterAll(async () => {
  await h.close();
  await sandbox.close();
});

const call = (who: SignedIn, method: 'GET' | 'POST', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function connect(who: SignedIn) {
  const start = await call(who, 'POST', '/api/upwork/connect');
  const redirect = await fetch(start.json().authorizeUrl, { redirect: 'manual' });
  const location = new URL(redirect.headers.get('location') ?? '');
  const connected = await call(who, 'POST', '/api/upwork/callback', {
    code: location.searchParams.get('code'),
    state: location.searchParams.get('state'),
  });
  expect(connected.statusCode, connected.body).toBe(200);
}

async function sync(who: SignedIn): Promise<TransactionSyncResult> {
  const res = await call(who, 'POST', '/api/transactions/sync');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function allRows(who: SignedIn): Promise<Transaction[]> {
  return (await call(who, 'GET', '/api/transactions?limit=200')).json().items;
}

describe('the Upwork kind of a row', () => {
  const row = (type: string, amountMinor: number) => ({
    recordId: '1',
    date: '2026-01-01',
    type,
    subtype: type,
    description: '',
    amountMinor,
    currency: 'USD',
    companyName: '',
    contractId: null,
  });
  it('maps payments, fees, refunds and withdrawals', () => {
    expect(upworkKind(row('Hourly', 1000))).toBe('income');
    expect(upworkKind(row('Fixed Price', 1000))).toBe('income');
    expect(upworkKind(row('Service Fee', -100))).toBe('upwork_fee');
    expect(upworkKind(row('Refund', -100))).toBe('refund');
    expect(upworkKind(row('Withdrawal', -100))).toBe('withdrawal');
    expect(upworkKind(row('Membership', -100))).toBe('expense');
  });
});

describe('the Upwork transaction sync', () => {
  it('refuses a user who has not connected Upwork', async () => {
    const res = await call(bob, 'POST', '/api/transactions/sync');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('upwork_not_connected');
  });

  it('writes the history once: a second run writes 0 rows', async () => {
    await connect(alice);
    const first = await sync(alice);
    expect(first.created).toBe(sandbox.transactions.length);
    expect(first.created).toBeGreaterThan(10);
    expect(first.unchanged).toBe(0);

    const second = await sync(alice);
    expect(second).toMatchObject({ created: 0, attributed: 0 });
    expect(second.fetched).toBeGreaterThanOrEqual(0);

    const rows = await allRows(alice);
    expect(rows).toHaveLength(sandbox.transactions.length);
    expect(rows.every((row) => row.source === 'upwork' && row.amountMinor > 0)).toBe(true);
    const kinds = new Set(rows.map((row) => row.kind));
    expect([...kinds].sort()).toEqual(['income', 'refund', 'upwork_fee', 'withdrawal']);
    const [state] = await h.database.db
      .select()
      .from(transactionSyncState)
      .where(eq(transactionSyncState.userId, alice.user.id));
    expect(state).toMatchObject({ syncedThrough: first.syncedThrough, lastError: null });

    const totals = (await call(alice, 'GET', '/api/transactions/totals')).json();
    expect(totals.feeRate[0].rate).toBeCloseTo(0.1, 2);
  });

  it('links income to a contract converted later, with the response and job it came from', async () => {
    const db = h.database.db;
    const job = await insertJob(db, alice.user.id, {
      title: 'Marketing site for a dental clinic',
      description: 'Need a fast marketing site.',
    });
    const template = await call(alice, 'POST', '/api/templates', {
      name: 'Short and specific',
      body: 'Hi {{client_name}}, I can help with {{job_title}}.',
    });
    expect(template.statusCode, template.body).toBe(201);
    const response = await call(alice, 'POST', '/api/responses', {
      jobId: job.id,
      templateId: template.json().id,
      text: 'Hi, I built three clinic sites last year and can start Monday.',
    });
    expect(response.statusCode, response.body).toBe(201);
    const lead = await leadFromResponse(
      db,
      alice.user.id,
      { id: response.json().id, title: job.title },
      { id: job.id, title: job.title },
    );
    const upworkContract = sandbox.contracts[0]!;
    const { contract } = await convertedLead(db, alice.user.id, {
      leadId: lead.id,
      contract: { upworkContractId: upworkContract.id },
    });

    const result = await sync(alice);
    expect(result.created).toBe(0);
    const linked = (await allRows(alice)).filter((row) => row.contractId === contract.id);
    expect(result.attributed).toBe(linked.length);
    expect(linked.length).toBeGreaterThan(0);
    const income = linked.find((row) => row.kind === 'income')!;
    expect(income).toMatchObject({ leadId: lead.id, contractTitle: 'Website rebuild' });
    expect(income.attribution).toMatchObject({
      leadId: lead.id,
      responseId: response.json().id,
      jobId: job.id,
      jobTitle: job.title,
      templateId: template.json().id,
      templateName: 'Short and specific',
    });
    expect(Array.isArray(income.attribution?.portfolioItems)).toBe(true);
    const fee = linked.find((row) => row.kind === 'upwork_fee')!;
    expect(fee.attribution).toBeNull();

    const again = await sync(alice);
    expect(again).toMatchObject({ created: 0, attributed: 0 });
  });

  it('keeps the error when Upwork fails, and the schedule round goes through connected users', async () => {
    sandbox.failNext({ status: 500 });
    const failed = await call(alice, 'POST', '/api/transactions/sync');
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const [state] = await h.database.db
      .select()
      .from(transactionSyncState)
      .where(eq(transactionSyncState.userId, alice.user.id));
    expect(state?.lastError).toBeTruthy();

    const round = await runUserRound(
      transactionSyncRound({
        db: h.database.db,
        config: h.config,
        limiter: sharedLimiter(h.config),
      }),
    );
    expect(round).toEqual({ users: 1, failed: 0 });
  });
});
