import { describe, expect, it } from 'vitest';

import { claimedSubject, decodeEmulatorIdToken } from './emulator-token.ts';

const PROJECT = 'demo-bidwright';
const NOW = 1_800_000_000;

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claims = (overrides: Record<string, unknown> = {}) => ({
  aud: PROJECT,
  iss: `https://securetoken.google.com/${PROJECT}`,
  sub: 'uid-1',
  iat: NOW - 60,
  auth_time: NOW - 60,
  exp: NOW + 3_540,
  email: 'ada@example.com',
  ...overrides,
});
const token = (payload: object) => `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;

describe('decodeEmulatorIdToken', () => {
  it('returns the claims with uid for a valid emulator token', () => {
    expect(decodeEmulatorIdToken(token(claims()), PROJECT, NOW)).toMatchObject({
      uid: 'uid-1',
      email: 'ada@example.com',
    });
  });

  it.each([
    ['another project', { aud: 'demo-other' }],
    ['another issuer', { iss: 'https://securetoken.google.com/demo-other' }],
    ['no subject', { sub: '' }],
    ['a subject over 128 characters', { sub: 'x'.repeat(129) }],
    ['no expiry', { exp: undefined }],
    ['an issue time in the future', { iat: NOW + 600 }],
  ])('refuses a token with %s', (_label, overrides) => {
    expect(() => decodeEmulatorIdToken(token(claims(overrides)), PROJECT, NOW)).toThrow(
      expect.objectContaining({ code: 'auth/argument-error' }),
    );
  });

  it('reports an expired token with the expiry code', () => {
    expect(() => decodeEmulatorIdToken(token(claims({ exp: NOW - 1 })), PROJECT, NOW)).toThrow(
      expect.objectContaining({ code: 'auth/id-token-expired' }),
    );
  });

  it.each(['', 'abc', 'a.b', 'not.json.here', `${part({ alg: 'none' })}.${part([1])}.`])(
    'refuses a malformed token %j',
    (value) => {
      expect(() => decodeEmulatorIdToken(value, PROJECT, NOW)).toThrow(
        expect.objectContaining({ code: 'auth/argument-error' }),
      );
    },
  );
});

describe('claimedSubject', () => {
  it('reads the subject without verifying anything', () => {
    expect(claimedSubject(token(claims({ aud: 'demo-other' })))).toBe('uid-1');
  });

  it.each(['', 'abc', `${part({})}.${part({ sub: 7 })}.`])('is null for %j', (value) => {
    expect(claimedSubject(value)).toBeNull();
  });
});
