import { and, eq } from 'drizzle-orm';

import type { SavedSearchWebhook, WebhookTestResult } from '#contract/saved-searches';

import type { Config } from '../../config.ts';
import { decryptSecret, encryptSecret } from '../../crypto.ts';
import type { Database } from '../../db/client.ts';
import { savedSearches, type SavedSearchRow } from '../../db/schema/saved-searches.ts';
import { HttpError } from '../../http-error.ts';
import {
  assertWebhookUrlAllowed,
  maskedWebhook,
  postToWebhook,
  webhookHost,
  type DeliveryOutcome,
} from './webhook-delivery.ts';

/**
 * A saved search's webhook as stored: the URL sealed with the secrets key (it is a credential),
 * its host in the clear for the owner to recognise, and how the last delivery went.
 */

type WebhookColumns = Pick<
  SavedSearchRow,
  'webhookUrlEncrypted' | 'webhookHost' | 'webhookLastDeliveryAt' | 'webhookLastDeliveryError'
>;

const NO_WEBHOOK: WebhookColumns = {
  webhookUrlEncrypted: null,
  webhookHost: null,
  webhookLastDeliveryAt: null,
  webhookLastDeliveryError: null,
};

/** The columns for a new URL (checked first: a refused URL is a 400), or for none. */
export async function webhookColumns(url: string | null, config: Config): Promise<WebhookColumns> {
  if (url === null) return NO_WEBHOOK;
  await assertWebhookUrlAllowed(url, config);
  return {
    webhookUrlEncrypted: encryptSecret(url, config.encryptionKey),
    webhookHost: webhookHost(url),
    webhookLastDeliveryAt: null,
    webhookLastDeliveryError: null,
  };
}

export function toWebhookView(row: SavedSearchRow): SavedSearchWebhook | null {
  if (!row.webhookUrlEncrypted) return null;
  return {
    masked: maskedWebhook(row.webhookHost ?? 'webhook'),
    lastDeliveryAt: row.webhookLastDeliveryAt?.toISOString() ?? null,
    lastDeliveryError: row.webhookLastDeliveryError,
  };
}

/** The alert text Slack and Telegram show: the search, the job, and where to read it. */
export function alertText(
  searchName: string,
  job: { title: string; url: string | null } | undefined,
  count: number,
): string {
  if (!job) return `${searchName}: ${count} new ${count === 1 ? 'job' : 'jobs'}`;
  const more = count > 1 ? ` (+${count - 1} more)` : '';
  return `${searchName}: ${job.title}${job.url ? ` ${job.url}` : ''}${more}`;
}

async function recordDelivery(
  db: Database,
  search: Pick<SavedSearchRow, 'id' | 'userId'>,
  outcome: DeliveryOutcome,
): Promise<void> {
  await db
    .update(savedSearches)
    .set({
      webhookLastDeliveryAt: outcome.at,
      webhookLastDeliveryError: outcome.ok ? null : outcome.error,
    })
    .where(and(eq(savedSearches.id, search.id), eq(savedSearches.userId, search.userId)));
}

async function deliver(
  db: Database,
  config: Config,
  search: SavedSearchRow,
  text: string,
): Promise<DeliveryOutcome> {
  let url: string;
  try {
    url = decryptSecret(search.webhookUrlEncrypted ?? '', config.encryptionKey);
  } catch {
    const outcome: DeliveryOutcome = {
      ok: false,
      error: 'The stored webhook URL could not be read; enter it again.',
      at: new Date(),
    };
    await recordDelivery(db, search, outcome);
    return outcome;
  }
  const outcome = await postToWebhook(url, text, config);
  await recordDelivery(db, search, outcome);
  return outcome;
}

/**
 * Posts an alert to the search's webhook, if it has one. Never throws: a failure is recorded on
 * the search for its owner to see, and logged without the URL.
 */
export async function deliverAlert(
  deps: { db: Database; config: Config; log?: { warn: (obj: object, msg: string) => void } },
  search: SavedSearchRow,
  text: string,
): Promise<void> {
  if (!search.webhookUrlEncrypted) return;
  try {
    const outcome = await deliver(deps.db, deps.config, search, text);
    if (!outcome.ok) {
      deps.log?.warn(
        { savedSearchId: search.id, host: search.webhookHost, err: outcome.error },
        'saved search webhook delivery failed',
      );
    }
  } catch (error) {
    deps.log?.warn(
      { savedSearchId: search.id, err: error instanceof Error ? error.message : 'unknown' },
      'saved search webhook delivery could not be recorded',
    );
  }
}

/** Sends a test message now: the result, or a 400/422 whose message says what to fix. */
export async function testWebhook(
  db: Database,
  config: Config,
  search: SavedSearchRow,
): Promise<WebhookTestResult> {
  if (!search.webhookUrlEncrypted) {
    throw new HttpError(
      400,
      'validation_failed',
      'This saved search has no webhook URL yet: add one and save it first.',
    );
  }
  const outcome = await deliver(
    db,
    config,
    search,
    `${search.name}: test message from Bidwright. Alerts for this search will arrive here.`,
  );
  if (!outcome.ok) throw new HttpError(422, 'webhook_failed', outcome.error);
  return { delivered: true, status: outcome.status, at: outcome.at.toISOString() };
}
