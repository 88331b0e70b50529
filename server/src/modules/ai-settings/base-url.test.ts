import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AiTestResult } from '#contract/ai';
import { startOpenAIStub, type OpenAIStub } from '#test-support/openai-stub';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

/**
 * The AI base URL is chosen by an admin and every request to it carries the API key: it may not
 * point inside the network, and a redirect from it is not followed.
 */
const KEY = 'sk-key-that-must-stay-with-the-provider';

type Recorder = { server: Server; url: string; requests: IncomingHttpHeaders[] };

async function listen(
  handle: (recorder: Recorder, res: ServerResponse) => void,
): Promise<Recorder> {
  const recorder = { requests: [] as IncomingHttpHeaders[] } as Recorder;
  recorder.server = createServer((req, res) => {
    recorder.requests.push(req.headers);
    req.resume();
    handle(recorder, res);
  });
  await new Promise<void>((resolve) => recorder.server.listen(0, '127.0.0.1', resolve));
  recorder.url = `http://127.0.0.1:${(recorder.server.address() as AddressInfo).port}`;
  return recorder;
}
const close = (recorder: Recorder) =>
  new Promise<void>((resolve) => {
    recorder.server.closeAllConnections();
    recorder.server.close(() => resolve());
  });

const put = (h: Harness, admin: SignedIn, payload: Record<string, unknown>) =>
  h.app.inject({ method: 'PUT', url: '/api/ai/settings', headers: admin.headers, payload });

const ALWAYS_REFUSED = [
  'http://169.254.169.254/latest/meta-data/',
  'http://169.254.10.1:8080/v1',
  'http://[fe80::1]/v1',
  'http://[fd00:ec2::254]/v1',
  'http://metadata.google.internal/computeMetadata/v1',
  'http://METADATA.google.internal./v1',
];
const PRIVATE = [
  'http://127.0.0.1:11434/v1',
  'http://127.1.2.3/v1',
  'http://2130706433/v1',
  'http://[::1]:8080/v1',
  'http://[::ffff:127.0.0.1]/v1',
  'http://localhost:11434/v1',
  'http://0.0.0.0:8080/v1',
  'http://10.1.2.3/v1',
  'http://172.20.0.1/v1',
  'http://192.168.1.10/v1',
  'http://100.64.0.1/v1',
  'http://[fd12:3456::1]/v1',
];

describe('without AI_ALLOW_PRIVATE_BASE_URL', () => {
  let h: Harness;
  let admin: SignedIn;
  let stub: OpenAIStub;
  beforeAll(async () => {
    stub = await startOpenAIStub({ apiKey: KEY });
    h = await createHarness({
      env: {
        AI_ALLOW_PRIVATE_BASE_URL: 'false',
        // A base URL from the environment gets the same checks when requests are made.
        AI_PROVIDER: 'openai-compatible',
        AI_MODEL: 'llama3.1',
        AI_API_KEY: KEY,
        AI_BASE_URL: stub.url,
      },
    });
    admin = await h.signIn({ role: 'admin' });
  });
  afterAll(async () => {
    await h.close();
    await stub.close();
  });

  it.each([...ALWAYS_REFUSED, ...PRIVATE, 'http://api.localhost/v1'])(
    'refuses to save %s with a clear 400',
    async (baseUrl) => {
      const response = await put(h, admin, {
        provider: 'openai-compatible',
        model: 'llama3.1',
        baseUrl,
        apiKey: KEY,
      });
      expect(response.statusCode, baseUrl).toBe(400);
      const { error } = response.json() as { error: { code: string; message: string } };
      expect(error.code).toBe('validation_failed');
      expect(error.message).toMatch(
        /link-local, metadata or multicast address|cloud metadata address|loopback or private network address|loopback address/,
      );
      if (!ALWAYS_REFUSED.includes(baseUrl))
        expect(error.message).toContain('AI_ALLOW_PRIVATE_BASE_URL=true');
    },
  );

  it('does not send the key to a loopback base URL taken from the environment', async () => {
    const result = (
      await h.app.inject({ method: 'POST', url: '/api/ai/settings/test', headers: admin.headers })
    ).json() as AiTestResult;
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/loopback or private network address/);
    expect(stub.requests).toHaveLength(0);
  });
});

describe('with AI_ALLOW_PRIVATE_BASE_URL=true', () => {
  let h: Harness;
  let admin: SignedIn;
  let target: Recorder;
  let redirector: Recorder;
  beforeAll(async () => {
    h = await createHarness({ env: { AI_ALLOW_PRIVATE_BASE_URL: 'true' } });
    admin = await h.signIn({ role: 'admin' });
    // The address a redirect points to: it must never be asked anything.
    target = await listen((_recorder, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    redirector = await listen((_recorder, res) => {
      res.writeHead(307, { location: `${target.url}/v1/chat/completions` }).end();
    });
  });
  afterAll(async () => {
    await h.close();
    await close(target);
    await close(redirector);
  });

  it.each(PRIVATE)('saves the private base URL %s', async (baseUrl) => {
    const response = await put(h, admin, { provider: 'openai-compatible', model: 'm', baseUrl });
    expect(response.statusCode, baseUrl).toBe(200);
    expect(response.json().baseUrl).toBe(baseUrl);
  });

  it.each(ALWAYS_REFUSED)('still refuses %s', async (baseUrl) => {
    const response = await put(h, admin, { provider: 'openai-compatible', model: 'm', baseUrl });
    expect(response.statusCode, baseUrl).toBe(400);
    expect(response.json().error.message).not.toContain('AI_ALLOW_PRIVATE_BASE_URL');
  });

  it.each([
    ['openai-compatible', 'authorization'],
    ['openai', 'authorization'],
    ['anthropic', 'x-api-key'],
  ])(
    'does not follow a redirect from the %s provider, nor send the key again',
    async (provider, keyHeader) => {
      target.requests.length = 0;
      redirector.requests.length = 0;
      const saved = await put(h, admin, {
        provider,
        model: 'some-model',
        baseUrl: `${redirector.url}/v1`,
        apiKey: KEY,
      });
      expect(saved.statusCode).toBe(200);
      const result = (
        await h.app.inject({
          method: 'POST',
          url: '/api/ai/settings/test',
          headers: admin.headers,
        })
      ).json() as AiTestResult;
      // The redirect's target was never asked, so the key went only to the configured address.
      expect(target.requests).toHaveLength(0);
      expect(redirector.requests).toHaveLength(1);
      expect(JSON.stringify(redirector.requests[0]?.[keyHeader])).toContain(KEY);
      expect(result.ok).toBe(false);
      expect(result.message).toMatch(/redirect \(HTTP 307\); redirects are not followed/);
    },
  );
});
