import { createHash, randomBytes } from 'node:crypto';

import { decryptSecret, encryptSecret, type KeyRing } from './crypto.ts';

/**
 * Share-link tokens: 32 random bytes (base64url, 43 characters), so a link cannot be guessed.
 * Lookups go by the token's SHA-256 only; the token itself is stored sealed with the server's
 * encryption key so its owner can copy the link again. A token never reaches a log.
 */
export const SHARE_TOKEN_BYTES = 32;

export const newShareToken = (): string => randomBytes(SHARE_TOKEN_BYTES).toString('base64url');

export const hashShareToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

export const sealShareToken = (token: string, keys: KeyRing): string => encryptSecret(token, keys);

export const openShareToken = (sealed: string, keys: KeyRing): string =>
  decryptSecret(sealed, keys);

/** The public page's path; the SPA puts its own origin in front. */
export const sharePath = (token: string): string => `/q/${token}`;

/** A well-formed token: exactly what newShareToken makes (checked before any lookup). */
export function isShareTokenShape(token: string): boolean {
  if (token.length !== 43) return false;
  for (const char of token) {
    const ok =
      (char >= 'A' && char <= 'Z') ||
      (char >= 'a' && char <= 'z') ||
      (char >= '0' && char <= '9') ||
      char === '-' ||
      char === '_';
    if (!ok) return false;
  }
  return true;
}

const TOKEN_PATH_PREFIXES = ['/public/quotes/', '/q/'];

/**
 * A URL as it may be logged: the path segment after /q/ or /public/quotes/ (a share token) is
 * replaced, so a token never reaches a log line.
 */
export function redactShareTokens(url: string): string {
  let result = url;
  for (const prefix of TOKEN_PATH_PREFIXES) {
    let from = 0;
    for (;;) {
      const at = result.indexOf(prefix, from);
      if (at === -1) break;
      const start = at + prefix.length;
      let end = start;
      while (end < result.length && result[end] !== '/' && result[end] !== '?') end += 1;
      result = `${result.slice(0, start)}[redacted]${result.slice(end)}`;
      from = start + '[redacted]'.length;
    }
  }
  return result;
}
