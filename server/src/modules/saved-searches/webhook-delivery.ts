import {
  assertBaseUrlAllowed,
  BaseUrlRefusedError,
  guardedFetch,
  type NetworkPolicy,
  type RefusalLabels,
} from '../../ai/provider-fetch.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http-error.ts';

/**
 * Posting an alert to a saved search's webhook (a Slack incoming webhook or a Telegram bot
 * sendMessage URL: both take a JSON body with a `text` field).
 *
 * The URL is the user's, so the request goes through the same guard as the AI provider's: no
 * link-local or metadata address ever, no loopback or private address unless the server allows
 * them for tests (AI_ALLOW_PRIVATE_BASE_URL), names checked where the connection resolves them,
 * redirects not followed. The URL holds a secret (the token in its path): messages here name
 * its host at most.
 */

/** How long one delivery may take before it counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 5000;
/** How much of a refusing server's answer is kept to explain the failure. */
const ANSWER_EXCERPT = 200;

const WEBHOOK_LABELS: RefusalLabels = {
  url: 'The webhook URL',
  peer: 'The webhook',
  payload: 'the message',
  allowHint:
    'Use a public https address; the API allows loopback and private addresses only with AI_ALLOW_PRIVATE_BASE_URL=true (for tests).',
};

export type DeliveryOutcome =
  { ok: true; status: number; at: Date } | { ok: false; error: string; at: Date };

export function webhookPolicy(config: Config): NetworkPolicy {
  return { allowPrivate: config.ai.allowPrivateBaseUrl, labels: WEBHOOK_LABELS };
}

/** The host alone, which the owner sees in place of the URL. */
export function webhookHost(url: string): string {
  return new URL(url).host;
}

export function maskedWebhook(host: string): string {
  return `${host}/…`;
}

/**
 * Refuses a URL that may not be saved, with a 400 saying why: https only (plain http only where
 * private addresses are allowed), and no address the guard bars.
 */
export async function assertWebhookUrlAllowed(url: string, config: Config): Promise<void> {
  const policy = webhookPolicy(config);
  const protocol = new URL(url).protocol;
  if (protocol !== 'https:' && !(protocol === 'http:' && policy.allowPrivate)) {
    throw new HttpError(400, 'validation_failed', 'The webhook URL must start with https://', {
      webhookUrl: 'https only',
    });
  }
  try {
    await assertBaseUrlAllowed(url, policy);
  } catch (error) {
    if (error instanceof BaseUrlRefusedError) {
      throw new HttpError(400, 'validation_failed', error.message, { webhookUrl: 'refused' });
    }
    throw error;
  }
}

/** Why a request that never got an answer failed, in words, without the URL. */
function failureReason(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `The webhook did not answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds.`;
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) {
    return `The webhook could not be reached (${code}).`;
  }
  if (error instanceof Error && error.name === 'AiError') return error.message;
  return 'The webhook could not be reached.';
}

async function answerExcerpt(response: Response): Promise<string> {
  try {
    const text = (await response.text()).replace(/\s+/g, ' ').trim();
    return text.length > ANSWER_EXCERPT ? `${text.slice(0, ANSWER_EXCERPT)}…` : text;
  } catch {
    return '';
  }
}

/** Posts `{ text }` to the URL; never throws: a failure comes back as its reason. */
export async function postToWebhook(
  url: string,
  text: string,
  config: Config,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<DeliveryOutcome> {
  const at = new Date();
  const send = guardedFetch(webhookPolicy(config));
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Bidwright alerts' },
      body: JSON.stringify({ text }),
      signal,
    });
    if (response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: true, status: response.status, at };
    }
    const excerpt = await answerExcerpt(response);
    return {
      ok: false,
      error: `The webhook answered HTTP ${response.status}${excerpt ? `: ${excerpt}` : '.'}`,
      at,
    };
  } catch (error) {
    return { ok: false, error: failureReason(signal.aborted ? signal.reason : error), at };
  }
}
