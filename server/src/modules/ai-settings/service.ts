import { generateText } from 'ai';
import { eq } from 'drizzle-orm';

import type { AiSettings, AiStatus, AiTestResult, UpdateAiSettingsBody } from '#contract/ai';

import { toAiError } from '../../ai/errors.ts';
import { assertBaseUrlAllowed, BaseUrlRefusedError } from '../../ai/provider-fetch.ts';
import { resolveModel, type ProviderSettings, type ResolvedModel } from '../../ai/registry.ts';
import type { Config } from '../../config.ts';
import { decryptSecret, encryptSecret } from '../../crypto.ts';
import type { Database } from '../../db/client.ts';
import { aiSettings, type AiSettingsRow } from '../../db/schema/ai.ts';
import { HttpError } from '../../http-error.ts';
import { recordActivity } from '../activities/service.ts';

const SCOPE = 'global';

async function settingsRow(db: Database): Promise<AiSettingsRow | undefined> {
  const rows = await db.select().from(aiSettings).where(eq(aiSettings.scope, SCOPE)).limit(1);
  return rows[0];
}

/** The provider in force: the admin's settings when saved, else the AI_* config. */
export async function loadProviderSettings(
  db: Database,
  config: Config,
): Promise<ProviderSettings> {
  const row = await settingsRow(db);
  if (row) {
    return {
      provider: row.provider,
      model: row.model,
      baseUrl: row.baseUrl,
      apiKey: row.apiKeyEncrypted ? decryptSecret(row.apiKeyEncrypted, config.encryptionKey) : null,
      embeddingModel: config.ai.embeddingModel ?? null,
      source: 'settings',
      allowPrivateNetwork: config.ai.allowPrivateBaseUrl,
    };
  }
  return {
    provider: config.ai.provider,
    model: config.ai.model ?? null,
    baseUrl: config.ai.baseUrl ?? null,
    apiKey: config.ai.apiKey ?? null,
    embeddingModel: config.ai.embeddingModel ?? null,
    source: 'config',
    allowPrivateNetwork: config.ai.allowPrivateBaseUrl,
  };
}

/** The language model (and embedder) in force, or null for the offline engine. Other areas use this. */
export async function activeModel(db: Database, config: Config): Promise<ResolvedModel | null> {
  return resolveModel(await loadProviderSettings(db, config));
}

export async function getAiStatus(db: Database, config: Config): Promise<AiStatus> {
  const settings = await loadProviderSettings(db, config);
  const resolved = resolveModel(settings);
  return {
    provider: settings.provider,
    model: resolved?.modelId ?? null,
    offline: resolved === null,
    source: settings.source,
  };
}

export async function getAiSettings(db: Database, config: Config): Promise<AiSettings> {
  const row = await settingsRow(db);
  if (row) {
    return {
      provider: row.provider,
      model: row.model,
      baseUrl: row.baseUrl,
      hasApiKey: Boolean(row.apiKeyEncrypted),
      source: 'settings',
      updatedAt: row.updatedAt.toISOString(),
    };
  }
  return {
    provider: config.ai.provider,
    model: config.ai.model ?? null,
    baseUrl: config.ai.baseUrl ?? null,
    hasApiKey: Boolean(config.ai.apiKey),
    source: 'config',
    updatedAt: null,
  };
}

/** Saves the provider settings (the key encrypted) and logs the change, never the key. */
export async function updateAiSettings(
  db: Database,
  config: Config,
  adminId: string,
  body: UpdateAiSettingsBody,
  meta: { userAgent: string | undefined },
): Promise<AiSettings> {
  if (body.baseUrl) await assertAllowedBaseUrl(body.baseUrl, config);
  const existing = await settingsRow(db);
  let apiKeyEncrypted: string | null = existing?.apiKeyEncrypted ?? null;
  if (body.clearApiKey) apiKeyEncrypted = null;
  if (body.apiKey) apiKeyEncrypted = encryptSecret(body.apiKey, config.encryptionKey);
  if (body.provider === 'none') apiKeyEncrypted = body.apiKey ? apiKeyEncrypted : null;
  const values = {
    provider: body.provider,
    model: body.model ? body.model : null,
    baseUrl: body.baseUrl ? body.baseUrl : null,
    apiKeyEncrypted,
    updatedBy: adminId,
  };
  await db
    .insert(aiSettings)
    .values({ scope: SCOPE, ...values })
    .onConflictDoUpdate({ target: aiSettings.scope, set: { ...values, updatedAt: new Date() } });
  const settings = await getAiSettings(db, config);
  await recordActivity(db, {
    userId: adminId,
    action: 'update_settings',
    details: {
      area: 'ai_provider',
      provider: settings.provider,
      model: settings.model,
      keyChanged: Boolean(body.apiKey) || Boolean(body.clearApiKey),
    },
    userAgent: meta.userAgent,
  });
  return settings;
}

/** A base URL that reaches an internal address is refused when saved (and again on each request). */
async function assertAllowedBaseUrl(baseUrl: string, config: Config): Promise<void> {
  try {
    await assertBaseUrlAllowed(baseUrl, { allowPrivate: config.ai.allowPrivateBaseUrl });
  } catch (error) {
    if (!(error instanceof BaseUrlRefusedError)) throw error;
    throw new HttpError(400, 'validation_failed', error.message, [
      { path: 'body.baseUrl', message: error.message },
    ]);
  }
}

/** Sends a one-line prompt to the provider in force; the answer says whether it works. */
export async function testAiSettings(db: Database, config: Config): Promise<AiTestResult> {
  const started = Date.now();
  const resolved = await activeModel(db, config);
  if (!resolved)
    return {
      ok: true,
      message: 'No provider is set: drafts use the offline engine.',
      latencyMs: 0,
    };
  try {
    await generateText({
      model: resolved.languageModel,
      prompt: 'Reply with the word: ok',
      maxOutputTokens: 5,
      maxRetries: 0,
      timeout: Math.min(config.ai.timeoutMs, 20_000),
    });
    return {
      ok: true,
      message: `${resolved.provider} answered with ${resolved.modelId}.`,
      latencyMs: Date.now() - started,
    };
  } catch (error) {
    return {
      ok: false,
      message: toAiError(error, config.ai.timeoutMs).message,
      latencyMs: Date.now() - started,
    };
  }
}
