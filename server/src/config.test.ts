import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5050,
      host: '127.0.0.1',
      firebaseProjectId: 'demo-bidwright',
      localMode: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.encryptionKey).toHaveLength(32);
  });

  it('trusts emulator tokens only on a loopback bind', () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).localMode).toBe(true);
    expect(() =>
      loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '0.0.0.0' }),
    ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST is set but HOST is 0\.0\.0\.0/);
  });

  it('refuses emulator or demo settings in production, and production without an encryption key', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        FIREBASE_PROJECT_ID: 'demo-bidwright',
        ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
      }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'acme-prod' })).toThrow(
      /ENCRYPTION_KEY/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        FIREBASE_PROJECT_ID: 'acme-prod',
        ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      }).nodeEnv,
    ).toBe('production');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ DEFAULT_MODULES: 'response,teleport' }, 'DEFAULT_MODULES'],
    [{ ENCRYPTION_KEY: 'short' }, 'ENCRYPTION_KEY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('stops with a message naming the bad variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`- ${name}`));
  });

  it('parses comma lists', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Boss@Example.com , ops@example.com',
      CORS_ORIGINS: 'https://app.example.com',
    });
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(config.corsOrigins).toEqual(['https://app.example.com']);
  });
});
