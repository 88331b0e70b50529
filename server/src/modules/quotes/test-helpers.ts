import { eq } from 'drizzle-orm';

import type { Quote } from '#contract/quotes-api';
import type { QuoteDocument, QuoteStatus } from '#contract/quotes';
import type { Harness, SignedIn } from '#test-support/server-harness';

import { activities } from '../../db/schema/activities.ts';
import { offlineQuote } from '../quote-generation/offline-quote.ts';
import { extractRequirements } from '../quote-generation/rfp-requirements.ts';
import { readRfp } from '../quote-generation/test-rfps.ts';
import { quoteMarkers } from './markers.ts';
import { changeQuoteStatus, createQuote, requireQuoteRow } from './service.ts';

const RFP = readRfp('ecommerce-redesign');

/** The offline engine's quote for a sample RFP, with the [Add: …] markers filled or kept. */
export function sampleDocument(
  overrides: Partial<QuoteDocument> = {},
  options: { fill?: boolean; rateMinor?: number; currency?: string } = {},
): QuoteDocument {
  const currency = options.currency ?? 'USD';
  const generated = offlineQuote({
    rfpText: RFP,
    rateMinor: options.rateMinor ?? 9_000,
    currency,
    now: new Date(),
  });
  const document = options.fill ? fillMarkers(generated) : generated;
  return { ...document, ...overrides };
}

/** Every [Add: …] marker replaced with plain words, as a freelancer would before sending. */
export function fillMarkers(document: QuoteDocument): QuoteDocument {
  let json = JSON.stringify(document);
  for (const marker of quoteMarkers(document)) json = json.split(marker).join('filled in');
  return JSON.parse(json) as QuoteDocument;
}

/** A quote saved as the quote agent saves it (through the service, not the API). */
export async function makeQuote(
  h: Harness,
  owner: SignedIn,
  overrides: Partial<QuoteDocument> = {},
  options: { fill?: boolean; rateMinor?: number; currency?: string } = {},
): Promise<string> {
  const document = sampleDocument(overrides, options);
  const { id } = await createQuote(
    h.database.db,
    owner.user.id,
    { document, requirements: extractRequirements(RFP), rfpText: RFP, offline: true },
    { userAgent: 'vitest' },
  );
  return id;
}

/** Moves a quote to a status as the share page would (sent, viewed, accepted, declined). */
export async function moveQuoteTo(h: Harness, owner: SignedIn, id: string, status: QuoteStatus) {
  const row = await requireQuoteRow(h.database.db, owner.user.id, id);
  await changeQuoteStatus(h.database.db, row, status);
}

export async function getQuote(h: Harness, user: SignedIn, id: string) {
  return h.app.inject({ method: 'GET', url: `/api/quotes/${id}`, headers: user.headers });
}

export async function saveDocument(
  h: Harness,
  user: SignedIn,
  id: string,
  document: QuoteDocument,
  baseVersion: number,
) {
  return h.app.inject({
    method: 'PUT',
    url: `/api/quotes/${id}`,
    headers: user.headers,
    payload: { document, baseVersion },
  });
}

export async function readQuote(h: Harness, user: SignedIn, id: string): Promise<Quote> {
  const response = await getQuote(h, user, id);
  if (response.statusCode !== 200) throw new Error(`read failed: ${response.body}`);
  return response.json() as Quote;
}

/** The user's activity entries of one action, oldest first. */
export async function activityOf(h: Harness, user: SignedIn, action: string) {
  const rows = await h.database.db
    .select()
    .from(activities)
    .where(eq(activities.userId, user.user.id));
  return rows.filter((row) => row.action === action);
}
