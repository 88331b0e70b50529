import { describe, expect, it } from 'vitest';

import { parseEnv } from './env-schema';

describe('parseEnv', () => {
  it('uses the demo defaults and port 5050 when nothing is set', () => {
    expect(parseEnv({})).toEqual({
      firebaseApiKey: 'demo-api-key',
      firebaseAuthDomain: 'demo-bidwright.firebaseapp.com',
      firebaseProjectId: 'demo-bidwright',
      firebaseAuthEmulatorHost: undefined,
      apiUrl: 'https://api.bidwright.app',
      localApiPort: 5050,
    });
  });

  it('reads every PUBLIC_* variable', () => {
    const env = parseEnv({
      PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9299',
      PUBLIC_API_URL: 'https://api.example.com',
      PUBLIC_LOCAL_API_PORT: '5150',
    });
    expect(env.firebaseAuthEmulatorHost).toBe('127.0.0.1:9299');
    expect(env.apiUrl).toBe('https://api.example.com');
    expect(env.localApiPort).toBe(5150);
  });

  it('names every bad variable', () => {
    expect(() => parseEnv({ PUBLIC_LOCAL_API_PORT: 'abc', PUBLIC_API_URL: 'not a url' })).toThrow(
      /apiUrl[\s\S]*localApiPort|localApiPort[\s\S]*apiUrl/,
    );
  });
});

describe('env', () => {
  it('falls back to the defaults when the build did not inline settings', async () => {
    const { env } = await import('./env');
    const { DEFAULT_ENV } = await import('./default-env');
    expect(env).toEqual(DEFAULT_ENV);
    expect(parseEnv({})).toEqual(DEFAULT_ENV);
  });
});
