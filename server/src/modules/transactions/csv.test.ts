import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Transaction, TransactionImportResult } from '#contract/transactions';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { activities } from '../../db/schema/activities.ts';
import { parseMajorAmount } from './csv-rows.ts';

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

const importCsv = (who: SignedIn, csv: string, dryRun: boolean) =>
  h.app.inject({
    method: 'POST',
    url: '/api/transactions/import',
    headers: who.headers,
    payload: { csv, dryRun },
  });

const exportCsv = (who: SignedIn, query = '') =>
  h.app.inject({ url: `/api/transactions/export.csv${query}`, headers: who.headers });

describe('amounts in major units', () => {
  it('reads the currency’s own decimals and refuses negatives with a message about the kind', () => {
    expect(parseMajorAmount('1,250.50', 'USD')).toEqual({ minor: 125_050 });
    expect(parseMajorAmount('$1250', 'USD')).toEqual({ minor: 125_000 });
    expect(parseMajorAmount('5000', 'JPY')).toEqual({ minor: 5_000 });
    expect(parseMajorAmount('1.5', 'JPY')).toEqual({ error: 'amount: JPY has 0 decimals at most' });
    expect(parseMajorAmount('1.234', 'KWD')).toEqual({ minor: 1_234 });
    expect(parseMajorAmount('-20.00', 'USD')).toMatchObject({
      error: expect.stringContaining('use the kind'),
    });
    expect(JSON.stringify(parseMajorAmount('(20.00)', 'USD'))).toContain('the kind');
    expect(parseMajorAmount('12abc', 'USD')).toMatchObject({ error: expect.any(String) });
    expect(parseMajorAmount('1.2.3', 'USD')).toMatchObject({ error: expect.any(String) });
    expect(parseMajorAmount('0', 'USD')).toMatchObject({ error: expect.any(String) });
    expect(parseMajorAmount('99999999999999999', 'USD')).toMatchObject({
      error: 'amount: the amount is too large',
    });
  });
});

describe('CSV import', () => {
  const file = [
    'Date,Kind,Amount,Currency,Description,Client,External ID',
    '2026-01-10,income,"1,000.00",USD,Logo design,Acme,inv-1',
    '2026-01-10,upwork fee,100.00,USD,Fee for logo,Acme,inv-2',
    '2026-13-01,income,5,USD,Bad date,,',
    '2026-01-11,income,-20,USD,Negative,,',
    '2026-01-12,gift,20,USD,Unknown kind,,',
    '2026-01-10,income,"1,000.00",USD,Logo design,Acme,',
    '2026-01-15,expense,12.5,,Hosting,,',
    '2026-01-16,income,30,USD,Again,,inv-1',
  ].join('\n');

  it('previews with per-line errors and duplicates, then imports the same file once', async () => {
    const preview = await importCsv(alice, file, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const result: TransactionImportResult = preview.json();
    expect(result).toMatchObject({ dryRun: true, rows: 8, valid: 3, imported: 0 });
    expect(result.errors.map((error) => error.line)).toEqual([4, 5, 6]);
    expect(result.errors[0]!.messages[0]).toContain('yyyy-mm-dd');
    expect(result.errors[1]!.messages[0]).toContain('use the kind');
    expect(result.errors[2]!.messages[0]).toContain('is not a kind');
    expect(result.duplicates).toEqual([
      { line: 7, reason: 'Same date, amount, kind and description as line 2' },
      { line: 9, reason: 'Same external id as line 2' },
    ]);
    expect(result.preview.map((row) => row.line)).toEqual([2, 3, 8]);
    expect(result.preview[2]).toMatchObject({
      kind: 'expense',
      amountMinor: 1_250,
      currency: 'USD',
    });
    expect(
      (await h.app.inject({ url: '/api/transactions', headers: alice.headers })).json().total,
    ).toBe(0);

    const done: TransactionImportResult = (await importCsv(alice, file, false)).json();
    expect(done).toMatchObject({ dryRun: false, imported: 3 });
    const list = (await h.app.inject({ url: '/api/transactions', headers: alice.headers })).json();
    expect(list.total).toBe(3);
    expect(list.items.every((item: Transaction) => item.source === 'csv')).toBe(true);
    expect(list.items.find((item: Transaction) => item.externalId === 'inv-1')).toMatchObject({
      amountMinor: 100_000,
      clientName: 'Acme',
    });
    const logged = await h.database.db
      .select()
      .from(activities)
      .where(
        and(eq(activities.userId, alice.user.id), eq(activities.action, 'create_transaction')),
      );
    expect(logged).toHaveLength(1);

    const again: TransactionImportResult = (await importCsv(alice, file, false)).json();
    expect(again.imported).toBe(0);
    expect(again.duplicates.map((duplicate) => duplicate.line)).toEqual([2, 3, 7, 8, 9]);
  });

  it('refuses a file without the needed columns with a 400 that names them', async () => {
    const res = await importCsv(alice, 'when,what\n2026-01-01,x', true);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('date, kind, amount are missing');
    expect((await importCsv(alice, '', true)).statusCode).toBe(400);
  });

  it('exports the filtered ledger in major units, formula-safe, and imports back as duplicates', async () => {
    await h.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: bob.headers,
      payload: {
        kind: 'income',
        amountMinor: 123_456,
        currency: 'USD',
        date: '2026-03-01',
        description: '=HYPERLINK("http://evil.example")',
      },
    });
    await h.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: bob.headers,
      payload: { kind: 'expense', amountMinor: 5_000, currency: 'JPY', date: '2026-03-02' },
    });
    const res = await exportCsv(bob);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('transactions-');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('date,kind,amount,currency,description,client,external_id');
    expect(res.body).toContain(
      '2026-03-01,income,1234.56,USD,"\'=HYPERLINK(""http://evil.example"")",,',
    );
    expect(res.body).toContain('2026-03-02,expense,5000,JPY,,,');
    expect(res.body).not.toContain('Logo design');

    const back: TransactionImportResult = (await importCsv(bob, res.body, true)).json();
    expect(back).toMatchObject({ rows: 2, valid: 0, errors: [] });
    expect(back.duplicates).toHaveLength(2);

    const onlyIncome = await exportCsv(bob, '?kind=income');
    expect(onlyIncome.body.split('\r\n')).toHaveLength(2);
    const logged = await h.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, bob.user.id), eq(activities.action, 'export_transaction')));
    expect(logged).toHaveLength(2);
  });
});
