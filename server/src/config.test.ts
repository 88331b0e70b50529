import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config.ts';
import { decryptSecret, encryptSecret, keyId } from './crypto.ts';

const LOCAL = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
const keyOf = (fill: number) => Buffer.alloc(32, fill).toString('base64');

describe('loadConfig', () => {
  it('runs on embedded defaults in local mode', () => {
    const config = loadConfig(LOCAL);
    expect(config).toMatchObject({
      port: 5050,
      host: '127.0.0.1',
      firebaseProjectId: 'demo-bidwright',
      localMode: true,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.encryptionKey.current.key).toHaveLength(32);
  });

  it('gives sign-ups every module locally and none on a shared server unless DEFAULT_MODULES says', () => {
    expect(loadConfig(LOCAL).defaultModules).toEqual([
      'response',
      'proposal',
      'upwork',
      'portfolio',
    ]);
    const shared = { FIREBASE_PROJECT_ID: 'acme-prod', HOST: '0.0.0.0', ENCRYPTION_KEY: keyOf(3) };
    expect(loadConfig(shared).defaultModules).toEqual([]);
    expect(loadConfig({ ...shared, DEFAULT_MODULES: 'response, upwork' }).defaultModules).toEqual([
      'response',
      'upwork',
    ]);
    // Set but empty is a choice too: nobody gets a module until an administrator turns it on.
    expect(loadConfig({ ...LOCAL, DEFAULT_MODULES: '' }).defaultModules).toEqual([]);
  });

  it('requires ENCRYPTION_KEY whenever the server is not in local mode', () => {
    const realProject = { FIREBASE_PROJECT_ID: 'acme-prod' };
    for (const env of [
      {},
      realProject,
      { ...realProject, HOST: '0.0.0.0' },
      { ...realProject, NODE_ENV: 'development', HOST: '0.0.0.0' },
      { ...realProject, NODE_ENV: 'test' },
    ]) {
      expect(() => loadConfig(env)).toThrow(/ENCRYPTION_KEY is required/);
    }
    const config = loadConfig({ ...realProject, HOST: '0.0.0.0', ENCRYPTION_KEY: keyOf(7) });
    expect(config.localMode).toBe(false);
    expect(config.encryptionKey.current.key.equals(Buffer.alloc(32, 7))).toBe(true);
  });

  it('refuses TRUST_PROXY=true in emulator mode, naming both variables', () => {
    for (const flag of ['true', '1']) {
      expect(() => loadConfig({ ...LOCAL, TRUST_PROXY: flag })).toThrow(
        /FIREBASE_AUTH_EMULATOR_HOST.*TRUST_PROXY=true/,
      );
    }
    expect(loadConfig({ ...LOCAL, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(
      loadConfig({
        FIREBASE_PROJECT_ID: 'acme-prod',
        ENCRYPTION_KEY: keyOf(1),
        TRUST_PROXY: 'true',
      }).trustProxy,
    ).toBe(true);
  });

  it('reads with previous keys and writes with ENCRYPTION_KEY (rotation)', () => {
    const before = loadConfig({ FIREBASE_PROJECT_ID: 'acme-prod', ENCRYPTION_KEY: keyOf(1) });
    const oldValue = encryptSecret('refresh-token', before.encryptionKey);

    const after = loadConfig({
      FIREBASE_PROJECT_ID: 'acme-prod',
      ENCRYPTION_KEY: keyOf(2),
      ENCRYPTION_KEYS_PREVIOUS: ` ${keyOf(1)} , ${keyOf(3)}`,
    });
    expect(decryptSecret(oldValue, after.encryptionKey)).toBe('refresh-token');
    const newValue = encryptSecret('refresh-token', after.encryptionKey);
    expect(newValue.split('.')[1]).toBe(keyId(Buffer.alloc(32, 2)));
    expect(() => decryptSecret(newValue, before.encryptionKey)).toThrow(/ENCRYPTION_KEYS_PREVIOUS/);
  });

  it('trusts emulator tokens only on a loopback bind', () => {
    expect(loadConfig(LOCAL).localMode).toBe(true);
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
    [{ ENCRYPTION_KEYS_PREVIOUS: 'short' }, 'ENCRYPTION_KEYS_PREVIOUS'],
    [{ AI_ALLOW_PRIVATE_BASE_URL: 'yes' }, 'AI_ALLOW_PRIVATE_BASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('stops with a message naming the bad variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`- ${name}`));
  });

  it('sheds load on PostgreSQL by default, not on PGlite, and takes an explicit threshold', () => {
    expect(loadConfig(LOCAL).maxEventLoopDelayMs).toBe(0);
    const postgres = { ...LOCAL, DATABASE_URL: 'postgres://app:secret@db.internal:5432/app' };
    expect(loadConfig(postgres).maxEventLoopDelayMs).toBe(1_000);
    expect(loadConfig({ ...postgres, MAX_EVENT_LOOP_DELAY_MS: '250' }).maxEventLoopDelayMs).toBe(
      250,
    );
    expect(loadConfig({ ...LOCAL, MAX_EVENT_LOOP_DELAY_MS: '400' }).maxEventLoopDelayMs).toBe(400);
  });

  it('migrates at start unless MIGRATE_ON_START says false', () => {
    expect(loadConfig(LOCAL).migrateOnStart).toBe(true);
    expect(loadConfig({ ...LOCAL, MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(loadConfig({ ...LOCAL, MIGRATE_ON_START: '0' }).migrateOnStart).toBe(false);
    expect(loadConfig({ ...LOCAL, MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
    expect(() => loadConfig({ ...LOCAL, MIGRATE_ON_START: 'no' })).toThrow(/- MIGRATE_ON_START/);
  });

  it('splits the service-wide budgets between replicas, and refuses replicas on PGlite', () => {
    const postgres = { ...LOCAL, DATABASE_URL: 'postgres://app:secret@db.internal:5432/app' };
    const one = loadConfig(postgres);
    expect(one).toMatchObject({ replicaCount: 1, rateLimitPerMinute: 300 });
    const three = loadConfig({
      ...postgres,
      REPLICA_COUNT: '3',
      WRITE_RATE_LIMIT_PER_MINUTE: '100',
      AI_RATE_PER_MINUTE: '2',
      UPWORK_REQUESTS_PER_SECOND: '9',
    });
    expect(three).toMatchObject({
      replicaCount: 3,
      rateLimitPerMinute: 100,
      writeRateLimitPerMinute: 34,
      authFailuresPerMinute: 20,
      // A share is never 0: each replica still lets a user start one generation a minute.
      ai: { ratePerMinute: 1, serviceRatePerMinute: 2 },
      upwork: { requestsPerSecond: 3 },
    });
    expect(() => loadConfig({ ...LOCAL, REPLICA_COUNT: '2' })).toThrow(
      /REPLICA_COUNT is 2 but DATABASE_URL is unset/,
    );
    expect(() => loadConfig({ ...postgres, REPLICA_COUNT: '0' })).toThrow(/- REPLICA_COUNT/);
  });

  it('parses comma lists', () => {
    const config = loadConfig({
      ...LOCAL,
      ADMIN_EMAILS: ' Boss@Example.com , ops@example.com',
      CORS_ORIGINS: 'https://app.example.com',
    });
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(config.corsOrigins).toEqual(['https://app.example.com']);
  });
});
