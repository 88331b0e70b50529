import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { decryptSecret, encryptSecret } from './crypto.ts';

describe('secret encryption (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('round-trips and never contains the plaintext', () => {
    const sealed = encryptSecret('oauth2v2_secret-refresh-token', key);
    expect(sealed).not.toContain('secret-refresh-token');
    expect(decryptSecret(sealed, key)).toBe('oauth2v2_secret-refresh-token');
  });

  it('uses a fresh IV each time', () => {
    expect(encryptSecret('same', key)).not.toBe(encryptSecret('same', key));
  });

  it('fails on a changed ciphertext or another key', () => {
    const sealed = encryptSecret('value', key);
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), Buffer.from('other').toString('base64url')].join('.');
    expect(() => decryptSecret(tampered, key)).toThrow();
    expect(() => decryptSecret(sealed, randomBytes(32))).toThrow();
  });
});
