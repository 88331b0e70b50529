import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Lead, LeadDetail } from '#contract/leads';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { activities } from '../../db/schema/activities.ts';
import {
  contractAttributions,
  contractByUpworkId,
  contractsOfUser,
  requireContract,
} from './service.ts';

let h: Harness;
let alice: SignedIn;

beforeAll(async () => {
  h = await createHarness();
  alice = await h.signIn();
});
afterAll(async () => {
  await h.close();
});

const contract = {
  clientName: 'Routewise Ltd',
  contractTitle: 'Fleet dashboard, phase 1',
  type: 'fixed',
  amountMinor: 480_000,
  currency: 'USD',
  startDate: '2026-03-01',
};

async function createLead(who: SignedIn, stage = 'won'): Promise<Lead> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: who.headers,
    payload: { contactName: 'Dana', company: 'Routewise', stage },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Lead;
}

function convert(who: SignedIn, id: string, payload: Record<string, unknown>) {
  return h.app.inject({
    method: 'POST',
    url: `/api/leads/${id}/convert`,
    headers: who.headers,
    payload,
  });
}

describe('converting a lead', () => {
  it('refuses a lead that is not won with a clear message', async () => {
    const lead = await createLead(alice, 'negotiation');
    const res = await convert(alice, lead.id, contract);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: {
        code: 'conflict',
        message: 'Only a won lead can be converted: move it to Won first.',
      },
    });
  });

  it('validates the contract', async () => {
    const lead = await createLead(alice);
    const res = await convert(alice, lead.id, {
      ...contract,
      amountMinor: 0,
      startDate: '1 March',
      type: 'retainer',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter the rate or amount');
    expect(res.body).toContain('Use a date as yyyy-mm-dd');
  });

  it('creates the client and its contract, records the event, and keeps the client next time', async () => {
    const lead = await createLead(alice);
    const res = await convert(alice, lead.id, { ...contract, upworkContractId: 'uw-contract-1' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as LeadDetail;
    expect(detail.client).toMatchObject({ name: 'Routewise Ltd', leadId: lead.id });
    expect(detail.lead.clientId).toBe(detail.client!.id);
    expect(detail.contracts).toEqual([
      expect.objectContaining({
        title: 'Fleet dashboard, phase 1',
        type: 'fixed',
        amountMinor: 480_000,
        startDate: '2026-03-01',
        upworkContractId: 'uw-contract-1',
      }),
    ]);
    expect(detail.events[0]).toMatchObject({ kind: 'converted' });

    const again = await convert(alice, lead.id, {
      ...contract,
      contractTitle: 'Phase 2',
      type: 'hourly',
      amountMinor: 9000,
    });
    expect(again.statusCode).toBe(200);
    const second = again.json() as LeadDetail;
    expect(second.client!.id).toBe(detail.client!.id);
    expect(second.contracts.map((c) => c.title)).toEqual(['Fleet dashboard, phase 1', 'Phase 2']);

    const byUpwork = await contractByUpworkId(h.database.db, alice.user.id, 'uw-contract-1');
    expect(byUpwork?.id).toBe(detail.contracts[0]!.id);
    expect(await requireContract(h.database.db, alice.user.id, byUpwork!.id)).toMatchObject({
      title: 'Fleet dashboard, phase 1',
    });
    const all = await contractsOfUser(h.database.db, alice.user.id);
    expect(all.map((c) => c.clientName)).toEqual(['Routewise Ltd', 'Routewise Ltd']);
    const attribution = await contractAttributions(h.database.db, alice.user.id, [byUpwork!.id]);
    expect(attribution.get(byUpwork!.id)).toMatchObject({
      clientName: 'Routewise Ltd',
      leadId: lead.id,
      leadName: 'Dana',
      responseIds: [],
    });

    const actions = await h.database.db
      .select({ action: activities.action })
      .from(activities)
      .where(eq(activities.userId, alice.user.id));
    expect(actions.filter((a) => a.action === 'convert_lead')).toHaveLength(2);
  });

  it('refuses an Upwork contract id already used by another contract of the user', async () => {
    const lead = await createLead(alice);
    const res = await convert(alice, lead.id, { ...contract, upworkContractId: 'uw-contract-1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: { message: expect.stringContaining('already linked') },
    });
    // Another user may use the same Upwork id: it is unique per user.
    const bob = await h.signIn();
    const bobs = await createLead(bob);
    expect(
      (await convert(bob, bobs.id, { ...contract, upworkContractId: 'uw-contract-1' })).statusCode,
    ).toBe(200);
    // Bob's contract is not Alice's.
    const bobsContract = (await contractsOfUser(h.database.db, bob.user.id))[0]!;
    await expect(requireContract(h.database.db, alice.user.id, bobsContract.id)).rejects.toThrow(
      'Contract not found',
    );
  });

  it('answers 409 for the Upwork contracts of a user who is not connected', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/leads/upwork-contracts',
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(409);
  });
});
