import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startOpenAIStub, type OpenAIStub } from '#test-support/openai-stub';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { ConfigError, loadConfig } from './config.ts';
import { insertJob, parseEvents } from './modules/responses/test-helpers.ts';

/**
 * Receiving a request is bounded by REQUEST_TIMEOUT_MS and HEADERS_TIMEOUT_MS on a real socket;
 * long responses (the event stream, a generation stream) are not.
 */
const TIMEOUT_MS = 600;
// The deadline plus the server's check tick (a quarter of it) plus scheduling slack.
const CUT_WITHIN_MS = TIMEOUT_MS + TIMEOUT_MS / 4 + 900;
// The stub provider answers this late, well past the request timeout.
const PROVIDER_LATENCY_MS = 2_000;

let h: Harness;
let stub: OpenAIStub;
let dana: SignedIn;
let port: number;

beforeAll(async () => {
  stub = await startOpenAIStub({ apiKey: 'sk-test-secret-key', latencyMs: PROVIDER_LATENCY_MS });
  h = await createHarness({
    env: {
      REQUEST_TIMEOUT_MS: String(TIMEOUT_MS),
      HEADERS_TIMEOUT_MS: String(TIMEOUT_MS),
      AI_PROVIDER: 'openai',
      AI_MODEL: 'gpt-4o-mini',
      AI_API_KEY: 'sk-test-secret-key',
      AI_BASE_URL: stub.url,
      AI_ALLOW_PRIVATE_BASE_URL: 'true',
      AI_TIMEOUT_MS: '10000',
      AI_MAX_RETRIES: '0',
    },
  });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
  dana = await h.signIn({ modules: ['response'] });
});
afterAll(async () => {
  await h.close();
  await stub.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type RawOutcome = { answer: string; closedAfterMs: number | null };

/**
 * Opens a raw connection, writes `head`, then `drip` one byte at a time every `everyMs`, and
 * reports what the server answered and when it closed the connection (null: still open after
 * `giveUpMs`).
 */
function rawRequest(options: {
  head: string;
  drip?: string;
  everyMs?: number;
  giveUpMs: number;
}): Promise<RawOutcome> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedAfterMs: number | null) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ answer, closedAfterMs });
    };
    const giveUp = setTimeout(() => finish(null), options.giveUpMs);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => finish(Date.now() - started));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('connect', () => {
      socket.write(options.head);
      const drip = [...(options.drip ?? '')];
      if (drip.length === 0) return;
      timer = setInterval(() => {
        const next = drip.shift();
        if (next === undefined) return clearInterval(timer);
        if (!socket.destroyed) socket.write(next);
      }, options.everyMs ?? 200);
    });
  });
}

function head(contentLength: number): string {
  return [
    'PUT /api/profile HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    `Authorization: ${dana.headers.authorization}`,
    'Content-Type: application/json',
    `Content-Length: ${contentLength}`,
    '',
    '',
  ].join('\r\n');
}

function expectCut(outcome: RawOutcome) {
  expect(outcome.closedAfterMs, 'the server kept the connection open').not.toBeNull();
  expect(outcome.closedAfterMs!).toBeLessThan(CUT_WITHIN_MS);
  // Either a 408 before the close, or the close alone: never a processed request.
  if (outcome.answer) expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
}

describe('request timeouts on a listening server', () => {
  it('cuts a body sent one byte at a time', async () => {
    const body = JSON.stringify({ name: 'Dana Reyes', title: 'A very slow client' });
    const outcome = await rawRequest({
      head: head(body.length),
      drip: body,
      everyMs: 150,
      giveUpMs: 8_000,
    });
    expectCut(outcome);
  });

  it('cuts a request whose Content-Length promises more than it sends', async () => {
    const outcome = await rawRequest({ head: `${head(1_000)}{"name":"Dana"`, giveUpMs: 8_000 });
    expectCut(outcome);
  });

  it('cuts headers sent one byte at a time', async () => {
    const outcome = await rawRequest({
      head: 'GET /api/health HTTP/1.1\r\n',
      drip: `Host: 127.0.0.1:${port}\r\nX-Padding: ${'a'.repeat(60)}\r\n\r\n`,
      everyMs: 100,
      giveUpMs: 8_000,
    });
    expectCut(outcome);
  });

  it('keeps the event stream open past the timeout and still delivers events', async () => {
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
      headers: dana.headers,
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (needle: string) => {
      while (!received.includes(needle)) {
        const { done, value } = await reader.read();
        if (done) throw new Error(`stream ended before "${needle}"; got: ${received}`);
        received += decoder.decode(value, { stream: true });
      }
    };
    await readUntil('event: ready');
    await sleep(TIMEOUT_MS * 3 + 300);
    h.app.events.publish(dana.user.id, {
      type: 'notification',
      data: { id: 'n-1', title: 'One', body: '', createdAt: '2026-11-22T02:00:00.000Z' },
    });
    await readUntil('event: notification');
    expect(received).toContain(
      'data: {"id":"n-1","title":"One","body":"","createdAt":"2026-11-22T02:00:00.000Z"}',
    );
    controller.abort();
  });

  it('keeps a generation stream open while the provider takes longer than the timeout', async () => {
    const job = await insertJob(h.database.db, dana.user.id, {
      title: 'React developer for a slow provider',
      description: 'Build a checkout page in React.',
      skills: ['React'],
    });
    const started = Date.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/responses/generate`, {
      method: 'POST',
      headers: { ...dana.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ jobId: job.id, tone: 'confident', length: 'short' }),
    });
    expect(response.status).toBe(200);
    const events = parseEvents(await response.text());
    expect(Date.now() - started).toBeGreaterThan(PROVIDER_LATENCY_MS);
    expect(events.at(-1)?.type).toBe('end');
    expect(events.some((event) => event.type === 'error')).toBe(false);
    expect(stub.requests.length).toBeGreaterThan(0);
  });
});

describe('timeout settings', () => {
  const base = { NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199' };

  it('defaults to bounded timeouts with headers no longer than the request', () => {
    const config = loadConfig(base);
    expect(config.timeouts).toEqual({
      requestMs: 60_000,
      headersMs: 15_000,
      keepAliveMs: 72_000,
      checkIntervalMs: 1_000,
    });
    expect(config.eventStreamsPerUser).toBe(5);
    expect(loadConfig({ ...base, REQUEST_TIMEOUT_MS: '5000' }).timeouts.headersMs).toBe(5_000);
  });

  it('refuses a headers timeout longer than the request timeout, naming both', () => {
    expect(() =>
      loadConfig({ ...base, REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base, REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' }),
    ).toThrow(/HEADERS_TIMEOUT_MS.*REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base, EVENT_STREAMS_PER_USER: '0' })).toThrow(
      /EVENT_STREAMS_PER_USER/,
    );
  });
});
