import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets at rest (Upwork tokens, AI keys). A changed ciphertext or a wrong key
 * fails to decrypt (GCM authenticates).
 *
 * Output: `v2.<keyId>.<iv>.<tag>.<ciphertext>`, base64url parts. The key id is a short
 * fingerprint of the key that wrote the value, so a key ring (the current key plus previous ones
 * kept for reading) picks the right key, and keys can be rotated without re-encrypting at once.
 * Values written before key ids existed (`v1.<iv>.<tag>.<ciphertext>`) still decrypt: every key
 * of the ring is tried in turn.
 */
const VERSION = 'v2';
const LEGACY_VERSION = 'v1';

export type EncryptionKey = { id: string; key: Buffer };

/** The current key encrypts; every key of the ring (current first) decrypts. */
export type KeyRing = { current: EncryptionKey; all: EncryptionKey[] };

/** A short, non-reversible fingerprint of a key: 8 base64url characters (48 bits). */
export function keyId(key: Buffer): string {
  return createHash('sha256')
    .update('bidwright-key-id:')
    .update(key)
    .digest()
    .subarray(0, 6)
    .toString('base64url');
}

export function keyRing(current: Buffer, previous: Buffer[] = []): KeyRing {
  const all: EncryptionKey[] = [];
  for (const key of [current, ...previous]) {
    if (!all.some((known) => known.key.equals(key))) all.push({ id: keyId(key), key });
  }
  return { current: all[0]!, all };
}

function ringOf(keys: KeyRing | Buffer): KeyRing {
  return Buffer.isBuffer(keys) ? keyRing(keys) : keys;
}

export function encryptSecret(plaintext: string, keys: KeyRing | Buffer): string {
  const { current } = ringOf(keys);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    VERSION,
    current.id,
    ...[iv, tag, ciphertext].map((part) => part.toString('base64url')),
  ].join('.');
}

export function decryptSecret(sealed: string, keys: KeyRing | Buffer): string {
  const ring = ringOf(keys);
  const parts = sealed.split('.');
  if (parts[0] === VERSION && parts.length === 5) {
    const [, id, iv, tag, ciphertext] = parts as [string, string, string, string, string];
    const entry = ring.all.find((candidate) => candidate.id === id);
    if (!entry) {
      throw new Error(
        `This secret was encrypted with a key that is not configured (key id ${id}); ` +
          'list that key in ENCRYPTION_KEYS_PREVIOUS to read it.',
      );
    }
    return open(entry.key, iv, tag, ciphertext);
  }
  if (parts[0] === LEGACY_VERSION && parts.length === 4) {
    const [, iv, tag, ciphertext] = parts as [string, string, string, string];
    let failure: unknown;
    for (const entry of ring.all) {
      try {
        return open(entry.key, iv, tag, ciphertext);
      } catch (error) {
        failure = error;
      }
    }
    throw failure instanceof Error ? failure : new Error('The secret could not be decrypted');
  }
  throw new Error('Not an encrypted secret');
}

function open(key: Buffer, iv: string, tag: string, ciphertext: string): string {
  // A full-length tag only: a truncated tag would weaken the authentication.
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
    authTagLength: 16,
  });
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
