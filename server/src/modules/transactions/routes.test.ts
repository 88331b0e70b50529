import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Transaction, TransactionTotals } from '#contract/transactions';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { activities } from '../../db/schema/activities.ts';
import { transactions } from '../../db/schema/transactions.ts';
import { purgeDeletedTransactions } from './service.ts';
import { convertedLead, insertUpworkRow, makeLead } from './test-helpers.ts';

let h: Harness;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  h = await createHarness({ env: { TRANSACTION_SYNC_SECONDS: '0' } });
  alice = await h.signIn();
  bob = await h.signIn();
});
afterAll(async () => {
  await h.close();
});

const call = (
  who: SignedIn,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => h.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function logged(userId: string, action: string) {
  return h.database.db
    .select()
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.action, action)));
}

async function create(who: SignedIn, body: object): Promise<Transaction> {
  const res = await call(who, 'POST', '/api/transactions', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('manual transactions', () => {
  it('creates, reads, changes, deletes and restores a transaction, logging each', async () => {
    const row = await create(alice, {
      kind: 'expense',
      amountMinor: 4_999,
      currency: 'usd',
      date: '2026-03-02',
      description: '  Figma seat  ',
    });
    expect(row).toMatchObject({
      kind: 'expense',
      amountMinor: 4_999,
      currency: 'USD',
      date: '2026-03-02',
      description: 'Figma seat',
      source: 'manual',
      externalId: null,
      attribution: null,
    });
    expect(await logged(alice.user.id, 'create_transaction')).toHaveLength(1);

    const read = await call(alice, 'GET', `/api/transactions/${row.id}`);
    expect(read.statusCode).toBe(200);
    expect(await logged(alice.user.id, 'view_transaction')).toHaveLength(1);

    const patched = await call(alice, 'PATCH', `/api/transactions/${row.id}`, {
      amountMinor: 5_999,
      kind: 'upwork_fee',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ amountMinor: 5_999, kind: 'upwork_fee' });
    expect(await logged(alice.user.id, 'update_transaction')).toHaveLength(1);

    expect((await call(alice, 'DELETE', `/api/transactions/${row.id}`)).statusCode).toBe(204);
    expect(await logged(alice.user.id, 'delete_transaction')).toHaveLength(1);
    expect((await call(alice, 'GET', `/api/transactions/${row.id}`)).statusCode).toBe(404);
    const list = (await call(alice, 'GET', '/api/transactions')).json();
    expect(list.items.map((item: Transaction) => item.id)).not.toContain(row.id);

    const restored = await call(alice, 'POST', `/api/transactions/${row.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect((await call(alice, 'GET', `/api/transactions/${row.id}`)).statusCode).toBe(200);
  });

  it('purges rows deleted more than 30 days ago; newer deletions can still be restored', async () => {
    const old = await create(alice, {
      kind: 'expense',
      amountMinor: 1,
      currency: 'USD',
      date: '2026-01-01',
    });
    const recent = await create(alice, {
      kind: 'expense',
      amountMinor: 2,
      currency: 'USD',
      date: '2026-01-01',
    });
    await call(alice, 'DELETE', `/api/transactions/${old.id}`);
    await call(alice, 'DELETE', `/api/transactions/${recent.id}`);
    await h.database.db
      .update(transactions)
      .set({ deletedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(transactions.id, old.id));
    expect(await purgeDeletedTransactions(h.database.db)).toBe(1);
    expect((await call(alice, 'POST', `/api/transactions/${old.id}/restore`)).statusCode).toBe(404);
    expect((await call(alice, 'POST', `/api/transactions/${recent.id}/restore`)).statusCode).toBe(
      200,
    );
  });

  it('refuses bad input with 400 and clear messages', async () => {
    const cases: Array<[object, string]> = [
      [{ kind: 'income', amountMinor: -5, currency: 'USD', date: '2026-01-01' }, 'more than 0'],
      [{ kind: 'income', amountMinor: 1.5, currency: 'USD', date: '2026-01-01' }, 'whole number'],
      [{ kind: 'gift', amountMinor: 100, currency: 'USD', date: '2026-01-01' }, ''],
      [{ kind: 'income', amountMinor: 100, currency: 'US', date: '2026-01-01' }, '3-letter'],
      [{ kind: 'income', amountMinor: 100, currency: 'USD', date: '2026-02-30' }, 'yyyy-mm-dd'],
      [{ kind: 'income', amountMinor: 100, currency: 'USD', date: '2026-01-01', extra: 1 }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await call(alice, 'POST', '/api/transactions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    const bad = await call(alice, 'GET', '/api/transactions?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect((await call(alice, 'GET', '/api/transactions/not-a-uuid')).statusCode).toBe(400);
  });

  it("another user's transactions, leads and contracts answer 404 and never show up", async () => {
    const mine = await create(bob, {
      kind: 'income',
      amountMinor: 77_700,
      currency: 'EUR',
      date: '2026-01-05',
      description: 'Bob private income',
    });
    for (const [method, url, body] of [
      ['GET', `/api/transactions/${mine.id}`, undefined],
      ['PATCH', `/api/transactions/${mine.id}`, { description: 'x' }],
      ['DELETE', `/api/transactions/${mine.id}`, undefined],
      ['POST', `/api/transactions/${mine.id}/restore`, undefined],
    ] as const) {
      expect((await call(alice, method, url, body)).statusCode).toBe(404);
    }
    const bobLead = await makeLead(h.database.db, bob.user.id, { contactName: 'Bob Lead' });
    const { contract } = await convertedLead(h.database.db, bob.user.id, { contactName: 'Bob C' });
    const base = { kind: 'income', amountMinor: 100, currency: 'USD', date: '2026-01-01' };
    const withLead = await call(alice, 'POST', '/api/transactions', {
      ...base,
      leadId: bobLead.id,
    });
    expect(withLead.statusCode).toBe(404);
    expect(withLead.json().error.message).toBe('Lead not found');
    const withContract = await call(alice, 'POST', '/api/transactions', {
      ...base,
      contractId: contract.id,
    });
    expect(withContract.statusCode).toBe(404);

    const list = (await call(alice, 'GET', '/api/transactions?limit=200')).json();
    expect(list.items.map((item: Transaction) => item.id)).not.toContain(mine.id);
    const totals: TransactionTotals = (await call(alice, 'GET', '/api/transactions/totals')).json();
    expect(totals.income.map((entry) => entry.currency)).not.toContain('EUR');
    const csv = (await call(alice, 'GET', '/api/transactions/export.csv')).body;
    expect(csv).not.toContain('Bob private income');
  });
});

describe('links and Upwork rows', () => {
  it('a contract sets the client and lead; an income row on it carries the attribution', async () => {
    const { lead, contract, client } = await convertedLead(h.database.db, alice.user.id, {
      contactName: 'Priya Paid',
    });
    const row = await create(alice, {
      kind: 'income',
      amountMinor: 250_000,
      currency: 'USD',
      date: '2026-02-14',
      contractId: contract.id,
    });
    expect(row).toMatchObject({
      contractId: contract.id,
      contractTitle: 'Website rebuild',
      clientId: client!.id,
      clientName: 'Priya Paid',
      leadId: lead.id,
    });
    expect(row.attribution).toMatchObject({ leadId: lead.id, leadName: 'Priya Paid' });

    const byLead = (await call(alice, 'GET', `/api/transactions?leadId=${lead.id}`)).json();
    expect(byLead.items.map((item: Transaction) => item.id)).toEqual([row.id]);
    expect(byLead.total).toBe(1);
    expect(await logged(alice.user.id, 'filter_transaction')).not.toHaveLength(0);
  });

  it("an Upwork row's amount, date, kind and currency are Upwork's: 409; its links can change", async () => {
    const upwork = await insertUpworkRow(h.database.db, alice.user.id);
    for (const body of [
      { amountMinor: 1 },
      { date: '2026-01-01' },
      { kind: 'expense' },
      { currency: 'EUR' },
    ]) {
      const res = await call(alice, 'PATCH', `/api/transactions/${upwork.id}`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toContain('come from Upwork');
    }
    const lead = await makeLead(h.database.db, alice.user.id, { contactName: 'Linked Later' });
    const res = await call(alice, 'PATCH', `/api/transactions/${upwork.id}`, {
      description: 'Milestone 1',
      leadId: lead.id,
      amountMinor: upwork.amountMinor,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ description: 'Milestone 1', leadId: lead.id });
  });
});

describe('the list and its totals', () => {
  let carol: SignedIn;
  beforeAll(async () => {
    carol = await h.signIn();
    const rows = [
      { kind: 'income', amountMinor: 100_000, date: '2026-01-10', description: 'Alpha logo' },
      { kind: 'upwork_fee', amountMinor: 10_000, date: '2026-01-10', description: 'Fee alpha' },
      { kind: 'income', amountMinor: 50_000, date: '2026-02-03', description: 'Beta site' },
      { kind: 'upwork_fee', amountMinor: 5_000, date: '2026-02-03', description: 'Fee beta' },
      { kind: 'refund', amountMinor: 2_000, date: '2026-02-04', description: 'Refund beta' },
      { kind: 'expense', amountMinor: 3_000, date: '2026-02-05', description: 'Hosting' },
      { kind: 'withdrawal', amountMinor: 90_000, date: '2026-02-06', description: 'To bank' },
    ];
    for (const row of rows) await create(carol, { ...row, currency: 'USD' });
    await create(carol, {
      kind: 'income',
      amountMinor: 20_000,
      currency: 'EUR',
      date: '2026-02-07',
      description: 'Euro gig',
    });
  });

  it('answers net, income, fees and the fee rate actually paid, per currency', async () => {
    const res = await call(carol, 'GET', '/api/transactions/totals');
    expect(res.statusCode).toBe(200);
    const totals: TransactionTotals = res.json();
    expect(totals.income).toEqual([
      { currency: 'EUR', amountMinor: 20_000 },
      { currency: 'USD', amountMinor: 150_000 },
    ]);
    expect(totals.fees).toEqual([
      { currency: 'EUR', amountMinor: 0 },
      { currency: 'USD', amountMinor: 15_000 },
    ]);
    // Withdrawals move money out of Upwork; they do not lower earnings.
    expect(totals.net).toContainEqual({ currency: 'USD', amountMinor: 150_000 - 15_000 - 5_000 });
    expect(totals.feeRate).toContainEqual({ currency: 'USD', rate: 0.1 });
    expect(totals.feeRate).toContainEqual({ currency: 'EUR', rate: 0 });
    expect(totals.byMonth).toEqual([
      { month: '2026-01', currency: 'USD', incomeMinor: 100_000, netMinor: 90_000 },
      { month: '2026-02', currency: 'EUR', incomeMinor: 20_000, netMinor: 20_000 },
      { month: '2026-02', currency: 'USD', incomeMinor: 50_000, netMinor: 40_000 },
    ]);
    expect(totals.bySource).toEqual([
      { source: 'manual', currency: 'EUR', incomeMinor: 20_000 },
      { source: 'manual', currency: 'USD', incomeMinor: 150_000 },
    ]);
    expect(totals.byClient).toContainEqual({
      clientId: null,
      clientName: 'No client',
      currency: 'USD',
      incomeMinor: 150_000,
    });

    const february = (await call(carol, 'GET', '/api/transactions/totals?from=2026-02-01')).json();
    expect(february.income).toContainEqual({ currency: 'USD', amountMinor: 50_000 });
  });

  it('filters, searches, sorts and pages with a cursor', async () => {
    const fees = (await call(carol, 'GET', '/api/transactions?kind=upwork_fee')).json();
    expect(fees.total).toBe(2);
    const search = (await call(carol, 'GET', '/api/transactions?q=beta')).json();
    expect(search.items.map((item: Transaction) => item.description).sort()).toEqual([
      'Beta site',
      'Fee beta',
      'Refund beta',
    ]);
    expect(await logged(carol.user.id, 'search_transaction')).toHaveLength(1);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (
        await call(carol, 'GET', `/api/transactions?sort=amount&dir=asc&limit=3${query}`)
      ).json();
      expect(page.total).toBe(8);
      seen.push(...page.items.map((item: Transaction) => item.amountMinor));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([2_000, 3_000, 5_000, 10_000, 20_000, 50_000, 90_000, 100_000]);

    const byDate = (await call(carol, 'GET', '/api/transactions?limit=2')).json();
    expect(byDate.items.map((item: Transaction) => item.date)).toEqual([
      '2026-02-07',
      '2026-02-06',
    ]);
    const next = (
      await call(carol, 'GET', `/api/transactions?limit=2&cursor=${byDate.nextCursor}`)
    ).json();
    expect(next.items.map((item: Transaction) => item.date)).toEqual(['2026-02-05', '2026-02-04']);
  });
});
