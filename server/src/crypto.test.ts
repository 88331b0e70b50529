import { createCipheriv, randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { decryptSecret, encryptSecret, keyId, keyRing } from './crypto.ts';

/** The format written before key ids existed: `v1.<iv>.<tag>.<ciphertext>`. */
function legacySeal(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

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
    const tampered = [...parts.slice(0, 4), Buffer.from('other').toString('base64url')].join('.');
    expect(() => decryptSecret(tampered, key)).toThrow();
    expect(() => decryptSecret(sealed, randomBytes(32))).toThrow();
  });

  it('refuses a truncated authentication tag', () => {
    const [version, id, iv, tag, ciphertext] = encryptSecret('value', key).split('.');
    const short = Buffer.from(tag!, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => decryptSecret([version, id, iv, short, ciphertext].join('.'), key)).toThrow();
  });

  it('labels each value with a short fingerprint of its key, not the key', () => {
    const sealed = encryptSecret('value', key);
    const [version, id] = sealed.split('.');
    expect(version).toBe('v2');
    expect(id).toBe(keyId(key));
    expect(id).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(sealed).not.toContain(key.toString('base64url').slice(0, 8));
    expect(keyId(randomBytes(32))).not.toBe(id);
  });

  it('rotates: the current key writes, previous keys still read their values', () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const written = encryptSecret('token', keyRing(oldKey));
    const ring = keyRing(newKey, [oldKey]);
    expect(decryptSecret(written, ring)).toBe('token');
    const rewritten = encryptSecret('token', ring);
    expect(rewritten.split('.')[1]).toBe(keyId(newKey));
    expect(decryptSecret(rewritten, keyRing(newKey))).toBe('token');
    expect(() => decryptSecret(written, keyRing(newKey))).toThrow(/not configured/);
  });

  it('still reads values stored in the format without a key id, with any key of the ring', () => {
    const devKey = Buffer.from('bidwright-local-development-key!', 'utf8');
    const stored = legacySeal('stored-before-rotation', devKey);
    expect(decryptSecret(stored, devKey)).toBe('stored-before-rotation');
    expect(decryptSecret(stored, keyRing(randomBytes(32), [devKey]))).toBe(
      'stored-before-rotation',
    );
    expect(() => decryptSecret(stored, keyRing(randomBytes(32)))).toThrow();
  });

  it('refuses text that is not an encrypted secret', () => {
    expect(() => decryptSecret('plain', key)).toThrow(/Not an encrypted secret/);
    expect(() => decryptSecret('v2.a.b', key)).toThrow(/Not an encrypted secret/);
  });
});
