import type { LeadLink } from '#contract/leads';

import type { Database } from '../../db/client.ts';
import { notFound } from '../../http-error.ts';
import * as repo from './repo.ts';

/** The user's lead, not in the bin; a missing lead and another user's both answer 404. */
export async function requireLead(
  db: Database,
  userId: string,
  id: string,
): Promise<repo.StoredLead> {
  const row = await repo.findLead(db, userId, id);
  if (!row) throw notFound('Lead');
  return row;
}

const LINK_WORDS = { job: 'job', response: 'response', quote: 'quote', room: 'message thread' };

/** Adds a link and its timeline entry when the lead does not have it yet; answers whether it did. */
export async function linkLead(
  db: Database,
  userId: string,
  leadId: string,
  link: { kind: LeadLink['kind']; targetId: string; title: string },
): Promise<boolean> {
  const added = await repo.addLink(db, userId, leadId, link);
  if (added) {
    await repo.addEvent(db, userId, leadId, {
      kind: 'linked',
      body: `Linked ${LINK_WORDS[link.kind]}: ${link.title}`,
      link: { kind: link.kind, targetId: link.targetId },
    });
  }
  return added;
}
