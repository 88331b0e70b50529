import {
  SHARE_LINK_NOT_FOUND_MESSAGE,
  type PublicQuote,
  type PublicTotals,
} from '#contract/quote-share';
import { currencyMinorDigits } from '#contract/quote-totals';

import type { Database } from '../../db/client.ts';
import type { QuoteRow, QuoteShareRow } from '../../db/schema/quotes.ts';
import { HttpError } from '../../http-error.ts';
import type { EventBus } from '../../plugins/events.ts';
import { recordActivity } from '../activities/service.ts';
import { notifyUser } from '../notifications/service.ts';
import { getProfileRow } from '../profile/service.ts';
import { changeQuoteStatus } from '../quotes/service.ts';
import { findUserById } from '../users/service.ts';
import { describeDevice } from './device.ts';
import { toPublicQuote } from './public-view.ts';
import * as repo from './repo.ts';
import { canRespond, publicTotals, quoteLockedError, withSelection } from './service.ts';
import { hashShareToken } from '../../share-tokens.ts';

/**
 * The client's side of a share link: read the quote, record views, tick optional lines, accept or
 * decline. A link that does not open (wrong, malformed, revoked, expired) always answers the same
 * 404 after the same lookup, so its answer says nothing about which case it was.
 */

type Meta = { ip: string; userAgent?: string | undefined };

export function linkNotFound(): HttpError {
  return new HttpError(404, 'not_found', SHARE_LINK_NOT_FOUND_MESSAGE);
}

function closedError(): HttpError {
  return new HttpError(409, 'conflict', 'This quote can no longer be answered.');
}

async function resolveShare(
  db: Database,
  token: string,
  now: Date,
): Promise<{ share: QuoteShareRow; quote: QuoteRow }> {
  // Hashing and the lookup run for every token, malformed ones included.
  const found = await repo.findShareByHash(db, hashShareToken(token));
  if (!found) throw linkNotFound();
  const { share } = found;
  if (share.revokedAt !== null) throw linkNotFound();
  if (share.expiresAt !== null && share.expiresAt.getTime() < now.getTime()) throw linkNotFound();
  return found;
}

export async function getPublicQuote(
  db: Database,
  token: string,
  now = new Date(),
): Promise<PublicQuote> {
  const { quote } = await resolveShare(db, token, now);
  const [signature, freelancer] = await Promise.all([
    repo.findSignature(db, quote.id),
    freelancerOf(db, quote.userId),
  ]);
  return toPublicQuote(quote, signature, freelancer, now);
}

/** The freelancer as the client sees them: display name and profile title, nothing else. */
async function freelancerOf(
  db: Database,
  userId: string,
): Promise<{ name: string; title: string }> {
  const [user, profile] = await Promise.all([findUserById(db, userId), getProfileRow(db, userId)]);
  const name = profile?.name.trim() || user?.name?.trim() || '';
  return { name, title: profile?.title ?? '' };
}

/** One opening of the page; the first opening of a sent quote makes it 'viewed'. */
export async function recordView(
  db: Database,
  token: string,
  meta: Meta,
  now = new Date(),
): Promise<{ viewId: string }> {
  const { share, quote: found } = await resolveShare(db, token, now);
  const device = describeDevice(meta.userAgent);
  const viewId = await db.transaction(async (tx) => {
    const quote = (await repo.lockQuote(tx, found.id)) ?? found;
    const id = await repo.insertView(
      tx,
      { userId: quote.userId, quoteId: quote.id, shareId: share.id, device },
      now,
    );
    if (quote.status === 'sent') await changeQuoteStatus(tx, quote, 'viewed', now);
    await recordActivity(tx, {
      userId: quote.userId,
      action: 'client_view_quote',
      details: { quoteId: quote.id, device },
      userAgent: meta.userAgent,
    });
    return id;
  });
  return { viewId };
}

export async function recordViewDuration(
  db: Database,
  token: string,
  viewId: string,
  seconds: number,
  now = new Date(),
): Promise<void> {
  const { share } = await resolveShare(db, token, now);
  const updated = await repo.setViewDuration(db, share.id, viewId, seconds, now);
  if (!updated) throw linkNotFound();
}

/** Ticks exactly the given optional lines; refused once the quote is answered or expired. */
export async function setSelection(
  db: Database,
  token: string,
  selectedLineIds: string[],
  now = new Date(),
): Promise<{ selectedLineIds: string[]; totals: PublicTotals }> {
  const { quote: found } = await resolveShare(db, token, now);
  return db.transaction(async (tx) => {
    const quote = (await repo.lockQuote(tx, found.id)) ?? found;
    if (!canRespond(quote, now) || (await repo.findSignature(tx, quote.id))) throw closedError();
    const document = withSelection(quote.document, selectedLineIds);
    const totals = publicTotals(document);
    await repo.updateQuoteSelection(tx, quote.id, document, totals, now);
    return {
      selectedLineIds: document.lineItems.filter((l) => l.optional && l.selected).map((l) => l.id),
      totals,
    };
  });
}

export function formatAmount(minor: number, currency: string): string {
  const digits = currencyMinorDigits(currency);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(
      minor / 10 ** digits,
    );
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

type Answer =
  | { decision: 'accepted'; name: string; selectedLineIds: string[] }
  | { decision: 'declined'; reason: string };

/**
 * The client's answer, in one transaction: the signature row (name or reason, time, address, the
 * total as code computed it with the final selection, the document as it stood), the status, and
 * the owner's activity entry. The owner is notified once it is stored.
 */
export async function answerQuote(
  db: Database,
  events: EventBus,
  token: string,
  answer: Answer,
  meta: Meta,
  now = new Date(),
): Promise<PublicQuote> {
  const { quote: found } = await resolveShare(db, token, now);
  const { quote, totalMinor } = await db.transaction(async (tx) => {
    const locked = (await repo.lockQuote(tx, found.id)) ?? found;
    if (locked.status === 'accepted') throw quoteLockedError();
    if (!canRespond(locked, now)) throw closedError();
    const document =
      answer.decision === 'accepted'
        ? withSelection(locked.document, answer.selectedLineIds)
        : locked.document;
    const totals = publicTotals(document);
    const signature = await repo.insertSignature(
      tx,
      {
        userId: locked.userId,
        quoteId: locked.id,
        decision: answer.decision,
        name: answer.decision === 'accepted' ? answer.name : '',
        reason: answer.decision === 'declined' ? answer.reason : '',
        ip: meta.ip,
        totalMinor: totals.totalMinor,
        currency: document.currency,
        document: { ...document, status: answer.decision },
      },
      now,
    );
    if (!signature) throw closedError();
    await changeQuoteStatus(tx, locked, answer.decision, now);
    // After the status change, so the document (selection and status) is what stays.
    await repo.updateQuoteSelection(
      tx,
      locked.id,
      { ...document, status: answer.decision },
      totals,
      now,
    );
    await recordActivity(tx, {
      userId: locked.userId,
      action: answer.decision === 'accepted' ? 'client_accept_quote' : 'client_decline_quote',
      details: { quoteId: locked.id, totalMinor: totals.totalMinor, currency: document.currency },
      userAgent: meta.userAgent,
    });
    return { quote: locked, totalMinor: totals.totalMinor };
  });
  await notifyOwner(db, events, quote, answer, totalMinor);
  return getPublicQuote(db, token, now);
}

async function notifyOwner(
  db: Database,
  events: EventBus,
  quote: QuoteRow,
  answer: Answer,
  totalMinor: number,
): Promise<void> {
  const title = quote.document.title;
  const accepted = answer.decision === 'accepted';
  await notifyUser(db, events, {
    userId: quote.userId,
    kind: accepted ? 'quote_accepted' : 'quote_declined',
    title: accepted ? 'Quote accepted' : 'Quote declined',
    body: accepted
      ? `${answer.name} accepted “${title}” for ${formatAmount(totalMinor, quote.document.currency)}`
      : `“${title}” was declined: ${answer.reason}`,
    link: `/edit-quote?id=${quote.id}`,
  });
}
