import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AiSettings, AiStatus } from '#contract/ai';
import { startOpenAIStub, type OpenAIStub } from '#test-support/openai-stub';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { aiSettings } from '../../db/schema/ai.ts';
import { parseEvents } from '../responses/test-helpers.ts';

let h: Harness;
let stub: OpenAIStub;
let admin: SignedIn;
let member: SignedIn;
const logLines: string[] = [];
const KEY = 'sk-admin-chosen-key-123456';

beforeAll(async () => {
  stub = await startOpenAIStub({ apiKey: KEY });
  h = await createHarness({ logLines });
  admin = await h.signIn({ role: 'admin' });
  member = await h.signIn({ modules: ['response'] });
});
afterAll(async () => {
  await h.close();
  await stub.close();
});

describe('AI provider settings', () => {
  it('starts offline, then an admin picks a provider; the key is stored encrypted and never returned', async () => {
    const status = (
      await h.app.inject({ url: '/api/ai/status', headers: member.headers })
    ).json() as AiStatus;
    expect(status).toMatchObject({ provider: 'none', offline: true, source: 'config' });

    expect(
      (await h.app.inject({ url: '/api/ai/settings', headers: member.headers })).statusCode,
    ).toBe(403);
    expect(
      (
        await h.app.inject({
          method: 'PUT',
          url: '/api/ai/settings',
          headers: member.headers,
          payload: { provider: 'none' },
        })
      ).statusCode,
    ).toBe(403);

    const bad = await h.app.inject({
      method: 'PUT',
      url: '/api/ai/settings',
      headers: admin.headers,
      payload: { provider: 'openai-compatible', model: 'llama3.1' },
    });
    expect(bad.statusCode).toBe(400);

    const put = await h.app.inject({
      method: 'PUT',
      url: '/api/ai/settings',
      headers: admin.headers,
      payload: { provider: 'openai-compatible', model: 'llama3.1', baseUrl: stub.url, apiKey: KEY },
    });
    expect(put.statusCode).toBe(200);
    const settings = put.json() as AiSettings;
    expect(settings).toMatchObject({
      provider: 'openai-compatible',
      model: 'llama3.1',
      hasApiKey: true,
      source: 'settings',
    });
    expect(put.body).not.toContain(KEY);
    const [row] = await h.database.db.select().from(aiSettings);
    expect(row?.apiKeyEncrypted).toBeTruthy();
    expect(row?.apiKeyEncrypted).not.toContain(KEY);

    const test = await h.app.inject({
      method: 'POST',
      url: '/api/ai/settings/test',
      headers: admin.headers,
    });
    expect(test.json()).toMatchObject({ ok: true });
    expect(stub.requests.at(-1)?.authorization).toBe(`Bearer ${KEY}`);

    // The member's drafts now come from the provider.
    stub.enqueue({
      kind: 'text',
      text: 'Hi there,\n\nI can fix your Laravel queue workers this week.\n\nWhich queue driver do you use?\n\nM',
    });
    const gen = await h.app.inject({
      method: 'POST',
      url: '/api/responses/generate',
      headers: member.headers,
      payload: { jobText: 'Laravel queue fix\nOur Laravel queue workers keep dying.' },
    });
    const start = parseEvents(gen.body).find((e) => e.type === 'start');
    expect(start?.type === 'start' && start.data).toMatchObject({
      offline: false,
      model: 'openai-compatible:llama3.1',
    });

    // Keeping the key: a PUT without apiKey keeps it.
    const keep = (
      await h.app.inject({
        method: 'PUT',
        url: '/api/ai/settings',
        headers: admin.headers,
        payload: { provider: 'openai-compatible', model: 'qwen2.5', baseUrl: stub.url },
      })
    ).json() as AiSettings;
    expect(keep.hasApiKey).toBe(true);
    const cleared = (
      await h.app.inject({
        method: 'PUT',
        url: '/api/ai/settings',
        headers: admin.headers,
        payload: { provider: 'none', clearApiKey: true },
      })
    ).json() as AiSettings;
    expect(cleared).toMatchObject({ provider: 'none', hasApiKey: false });
    expect(logLines.join('\n')).not.toContain(KEY);
  });
});
