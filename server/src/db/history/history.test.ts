import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { leadListSchema } from '#contract/leads';
import { roomListSchema } from '#contract/messages';
import { quoteTotals } from '#contract/quote-totals';
import { quoteDocumentSchema } from '#contract/quotes';
import { quoteListSchema, quoteSchema } from '#contract/quotes-api';
import { responseListSchema } from '#contract/responses';
import { TRANSACTION_SIGN, transactionListSchema } from '#contract/transactions';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { responses } from '../schema/responses.ts';
import { transactions } from '../schema/transactions.ts';
import { generateHistory } from './generate-history.ts';
import type { HistoryRows } from './history-rows.ts';
import { seedUserHistory } from './seed-user-history.ts';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const USER = '6b0d2c4e-1111-4222-8333-444455556666';

/** Every time in the rows that records something done, wherever it sits. */
function datesIn(rows: HistoryRows): Date[] {
  const found: Date[] = [];
  for (const [name, list] of Object.entries(rows)) {
    if (name === 'userId' || !Array.isArray(list)) continue;
    for (const row of list as object[]) {
      for (const [key, value] of Object.entries(row)) {
        // A lead's next action may be planned for a later day; everything else has happened.
        if (value instanceof Date && key !== 'nextActionDue') found.push(value);
      }
    }
  }
  return found;
}

describe('generateHistory', () => {
  const rows = generateHistory({ userId: USER, now: NOW, seed: 3 });

  it('gives the same rows for the same options, and other rows for another seed', () => {
    const again = generateHistory({ userId: USER, now: NOW, seed: 3 });
    expect(JSON.stringify(again)).toBe(JSON.stringify(rows));
    const other = generateHistory({ userId: USER, now: NOW, seed: 4 });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(rows));
  });

  it('holds a demo year: 300 sends, 40 quotes, about 400 ledger rows, nothing after now', () => {
    const sent = rows.responses.filter((response) => response.sentAt);
    expect(sent).toHaveLength(300);
    expect(rows.quotes).toHaveLength(40);
    expect(rows.transactions.length).toBeGreaterThan(360);
    expect(rows.transactions.length).toBeLessThan(440);
    const yearAgo = new Date(NOW);
    yearAgo.setUTCMonth(yearAgo.getUTCMonth() - 12);
    for (const response of sent) expect(response.sentAt! >= yearAgo).toBe(true);
    for (const date of datesIn(rows)) expect(date.getTime()).toBeLessThanOrEqual(NOW.getTime());
    for (const row of rows.transactions) expect(row.occurredOn <= '2026-11-23').toBe(true);
    const ids = Object.entries(rows).flatMap(([name, list]) =>
      name === 'userId' || name === 'responseCitations'
        ? []
        : (list as Array<{ id: string }>).map((row) => row.id),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('makes variant B reply more often than A, and keeps each status history in time order', () => {
    const replied = new Set(
      rows.responseStatusEvents
        .filter((event) => ['replied', 'interview', 'hired'].includes(event.toStatus))
        .map((event) => event.responseId),
    );
    const rate = (variant: 'A' | 'B') => {
      const sent = rows.responses.filter((r) => r.sentAt && r.variant === variant);
      return sent.filter((r) => replied.has(r.id)).length / sent.length;
    };
    expect(rate('B')).toBeGreaterThan(rate('A') + 0.05);
    const byResponse = new Map<string, Date[]>();
    for (const event of rows.responseStatusEvents) {
      byResponse.set(event.responseId, [
        ...(byResponse.get(event.responseId) ?? []),
        event.createdAt!,
      ]);
    }
    for (const times of byResponse.values()) {
      for (let i = 1; i < times.length; i += 1) {
        expect(times[i]!.getTime()).toBeGreaterThan(times[i - 1]!.getTime());
      }
    }
    // A/B pairs: two responses share a generation id, one sent and one not.
    const pairs = new Map<string, number>();
    for (const r of rows.responses) {
      if (r.generationId) pairs.set(r.generationId, (pairs.get(r.generationId) ?? 0) + 1);
    }
    expect([...pairs.values()].every((count) => count === 2)).toBe(true);
  });

  it('builds quote documents the contract accepts, with the amounts the editor computes', () => {
    for (const quote of rows.quotes) {
      const document = quoteDocumentSchema.parse(quote.document);
      expect(quote.totalMinor).toBe(quoteTotals(document).totalMinor);
    }
    const accepted = rows.quoteSignatures.filter((s) => s.decision === 'accepted');
    expect(accepted.length).toBeGreaterThan(0);
    for (const signature of accepted) {
      expect(signature.totalMinor).toBe(quoteTotals(signature.document).totalMinor);
    }
  });
});

describe('seedUserHistory through the API', () => {
  let h: Harness;
  let alice: SignedIn;
  let bob: SignedIn;
  let seeded: HistoryRows;

  beforeAll(async () => {
    h = await createHarness();
    alice = await h.signIn({ modules: ['response', 'proposal', 'upwork', 'portfolio'] });
    bob = await h.signIn({ modules: ['response', 'proposal', 'upwork', 'portfolio'] });
    const result = await seedUserHistory(h.database.db, {
      email: alice.user.email,
      now: new Date(),
      seed: 3,
      encryptionKey: h.config.encryptionKey,
    });
    if (result.outcome !== 'created') throw new Error('expected a fresh seeding');
    seeded = result.rows;
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const get = (who: SignedIn, url: string) =>
    h.app.inject({ method: 'GET', url, headers: who.headers });

  it('reads back through the responses, quotes, leads, rooms and ledger lists', async () => {
    const list = responseListSchema.parse((await get(alice, '/api/responses?limit=100')).json());
    expect(list.total).toBe(seeded.responses.length);
    const sentIds = new Set(seeded.responses.filter((r) => r.sentAt).map((r) => r.id));
    expect(list.items.some((item) => sentIds.has(item.id) && item.citations.length > 0)).toBe(true);

    const quotes = quoteListSchema.parse((await get(alice, '/api/quotes?limit=100')).json());
    expect(quotes.items).toHaveLength(seeded.quotes.length);
    const shared = seeded.quoteShares[0];
    expect(shared).toBeDefined();
    const detail = await get(alice, `/api/quotes/${shared!.quoteId}`);
    expect(detail.statusCode).toBe(200);
    expect(quoteSchema.parse(detail.json()).share?.path).toMatch(/^\/q\//);

    const leads = leadListSchema.parse((await get(alice, '/api/leads?limit=500')).json());
    expect(leads.total).toBe(seeded.leads.length);

    const rooms = roomListSchema.parse((await get(alice, '/api/messages/rooms?limit=100')).json());
    expect(rooms.items.length).toBe(Math.min(100, seeded.messageRooms.length));
    const unread = seeded.messageRooms.filter((room) => (room.unread ?? 0) > 0);
    expect(rooms.items.filter((room) => room.unread > 0).length).toBe(unread.length);

    const ledger = transactionListSchema.parse(
      (await get(alice, '/api/transactions?limit=200&kind=income')).json(),
    );
    const incomes = seeded.transactions.filter((row) => row.kind === 'income');
    expect(ledger.total).toBe(incomes.length);
    // A payment is attributed to the response that opened its lead.
    const attributed = ledger.items.find((item) => item.attribution?.responseId);
    expect(sentIds.has(attributed!.attribution!.responseId!)).toBe(true);
  });

  it('keeps a seeded account as it is on a second run, and leaves other accounts alone', async () => {
    const again = await seedUserHistory(h.database.db, {
      email: alice.user.email,
      now: new Date(),
      seed: 9,
      encryptionKey: h.config.encryptionKey,
    });
    expect(again.outcome).toBe('kept');
    const stored = await h.database.db
      .select({ id: responses.id })
      .from(responses)
      .where(eq(responses.userId, alice.user.id));
    expect(stored).toHaveLength(seeded.responses.length);
    const money = await h.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, alice.user.id));
    const net = (list: Array<{ kind: keyof typeof TRANSACTION_SIGN; amountMinor: number }>) =>
      list.reduce((sum, row) => sum + TRANSACTION_SIGN[row.kind] * row.amountMinor, 0);
    expect(net(money)).toBe(net(seeded.transactions));

    const bobs = responseListSchema.parse((await get(bob, '/api/responses')).json());
    expect(bobs.total).toBe(0);
    await expect(
      seedUserHistory(h.database.db, {
        email: 'nobody@example.com',
        now: new Date(),
        seed: 1,
        encryptionKey: h.config.encryptionKey,
      }),
    ).rejects.toThrow('No account with the email nobody@example.com');
  });
});
