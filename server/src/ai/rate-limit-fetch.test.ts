import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';

import { AiError, toAiError } from './errors.ts';
import { failFastOnLongRateLimit, LONGEST_RETRY_WAIT_SECONDS } from './rate-limit-fetch.ts';

const answering = (status: number, headers: Record<string, string> = {}) => {
  let calls = 0;
  const fetchImpl: typeof fetch = async () => {
    calls += 1;
    return new Response('{"error":{"message":"slow down"}}', { status, headers });
  };
  return { fetchImpl, calls: () => calls };
};

describe('a provider asking to slow down', () => {
  it('ends the generation at once, with the provider’s wait, when it asks for a long one', async () => {
    const provider = answering(429, { 'retry-after': '30' });
    const error = await failFastOnLongRateLimit(provider.fetchImpl)('http://ai.test/v1/chat').then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(AiError);
    expect(error).toMatchObject({ code: 'ai_rate_limited', retryAfterSeconds: 30 });
    expect((error as AiError).message).toBe(
      'The AI provider is rate limiting requests. Try again in 30 s.',
    );
    expect(provider.calls()).toBe(1);
  });

  it('hands a short wait (or none) to the SDK, which waits and retries', async () => {
    const short = answering(429, { 'retry-after': String(LONGEST_RETRY_WAIT_SECONDS) });
    expect((await failFastOnLongRateLimit(short.fetchImpl)('http://ai.test')).status).toBe(429);
    const unsaid = answering(429);
    expect((await failFastOnLongRateLimit(unsaid.fetchImpl)('http://ai.test')).status).toBe(429);
    const fine = answering(200);
    expect((await failFastOnLongRateLimit(fine.fetchImpl)('http://ai.test')).status).toBe(200);
  });
});

describe('a stream that breaks off after the provider accepted the request', () => {
  it('says the connection broke and to try again, not that the request was refused', () => {
    const cut = new APICallError({
      message: 'aborted',
      url: 'http://ai.test/v1/chat/completions',
      requestBodyValues: {},
      statusCode: 200,
    });
    expect(toAiError(cut, 60_000)).toMatchObject({
      code: 'ai_unavailable',
      message: 'The connection to the AI provider broke off during the answer. Try again shortly.',
    });
  });
});
