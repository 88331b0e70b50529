import type { ReplyDraftEvent } from '#contract/messages';

import { modelCall } from '../../ai/ai-drafter.ts';
import { asAiError, type AiError } from '../../ai/errors.ts';
import { offlineReply, lastClientMessage, type ReplyContext } from '../../ai/offline-reply.ts';
import type { ResolvedModel } from '../../ai/registry.ts';
import { checkReply, isUnusableReply, streamModelReply } from '../../ai/reply-drafter.ts';
import type { PortfolioHit } from '../../ai/types.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { portfolioSearcher } from '../portfolio/service.ts';
import { loadAgentProfile } from '../profile/service.ts';
import { requireQuoteRow } from '../quotes/service.ts';
import { getResponse } from '../responses/service.ts';
import * as repo from './repo.ts';
import { requireRoom } from './service.ts';
import { roomContext } from './thread.ts';

/*
 * AI reply drafts for a room: the context is gathered here (the thread, the lead's response and
 * quote, the profile, the portfolio), then the provider's model writes the reply, or the offline
 * engine when there is no provider, when it fails, or when its answer is unusable.
 */

/** Messages of the thread a draft reads: the newest ones. */
const DRAFT_THREAD = 20;
const PORTFOLIO_MATCHES = 3;

type DraftUser = { id: string; name: string | null };

async function responseFor(db: Database, userId: string, id: string | null) {
  if (!id) return null;
  try {
    return await getResponse(db, userId, id);
  } catch {
    return null;
  }
}

async function quoteFor(db: Database, userId: string, id: string | null) {
  if (!id) return null;
  try {
    const row = await requireQuoteRow(db, userId, id);
    return { title: row.title, totalMinor: row.totalMinor, currency: row.currency };
  } catch {
    return null;
  }
}

/** Everything a reply draft may draw on, scoped to the owner. */
export async function gatherReplyContext(
  db: Database,
  user: DraftUser,
  roomId: string,
  now = new Date(),
): Promise<ReplyContext> {
  const found = await requireRoom(db, user.id, roomId);
  const { room, context } = await roomContext(db, user.id, found);
  const [rows, profile, response, quote] = await Promise.all([
    repo.latestMessages(db, user.id, room.id, DRAFT_THREAD),
    loadAgentProfile(db, user.id, user.name),
    responseFor(db, user.id, context.response?.id ?? null),
    quoteFor(db, user.id, context.quote?.id ?? null),
  ]);
  const thread = rows.map((row) => ({
    fromClient: row.fromClient,
    authorName: row.authorName,
    body: row.body,
    sentAt: row.sentAt,
  }));
  const cited: PortfolioHit[] = (response?.citations ?? []).map((citation) => ({
    id: citation.portfolioItemId,
    title: citation.title,
    description: '',
    skills: [],
    results: null,
    url: null,
  }));
  const asked = lastClientMessage(thread)?.body ?? '';
  const query = `${asked} ${response?.job.title ?? room.name}`.slice(0, 500).trim();
  const matches = query
    ? await portfolioSearcher(db, user.id, null)(query, PORTFOLIO_MATCHES).catch(() => [])
    : [];
  // Matches carry descriptions and links; a cited item found again replaces its bare citation.
  const byId = new Map<string, PortfolioHit>();
  for (const item of [...cited, ...matches]) byId.set(item.id, item);
  return {
    clientName: room.clientName || null,
    thread,
    profile,
    jobTitle: response?.job.title ?? (room.name || null),
    response: response
      ? { text: response.text, bidMinor: response.bidMinor, currency: response.currency }
      : null,
    quote,
    portfolio: [...byId.values()],
    now,
  };
}

export type DraftStream = { emit: (event: ReplyDraftEvent) => void; signal: AbortSignal };

/** The offline reply: one delta (unless it replaces a model's text), then done. */
function emitOffline(ctx: ReplyContext, stream: DraftStream, replacing: boolean): void {
  const text = offlineReply(ctx);
  if (!replacing) stream.emit({ type: 'delta', text });
  stream.emit({ type: 'done', text, offline: true, checks: [] });
}

/**
 * Streams a reply draft. The model's failure or unusable answer falls back to the offline reply
 * (the `done` event says it was written offline); answers whether the provider failed.
 */
export async function runReplyDraft(
  config: Config,
  ctx: ReplyContext,
  model: ResolvedModel | null,
  stream: DraftStream,
): Promise<{ failed: AiError | null }> {
  if (!model) {
    emitOffline(ctx, stream, false);
    return { failed: null };
  }
  let failed: AiError | null = null;
  try {
    const out = await streamModelReply(modelCall(model, config.ai, stream.signal), ctx, (text) =>
      stream.emit({ type: 'delta', text }),
    );
    if (out.stopped) return { failed: null };
    const checked = checkReply(out.text, ctx);
    if (!isUnusableReply(checked.text)) {
      stream.emit({ type: 'done', text: checked.text, offline: false, checks: checked.checks });
      return { failed: null };
    }
  } catch (error) {
    failed = asAiError(error);
  }
  // The done event's text replaces whatever the model streamed before it failed.
  emitOffline(ctx, stream, true);
  return { failed };
}
