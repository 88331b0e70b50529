import type { DecodedIdToken } from 'firebase-admin/auth';

/**
 * The claim checks firebase-admin makes on an Auth emulator ID token, done locally. Emulator
 * tokens are unsigned (alg "none"), and firebase-admin in emulator mode asks the emulator for the
 * user on every verifyIdToken. That makes each request one HTTP round trip more than in
 * production, where the signature is checked locally with cached keys. With this, a request whose
 * user passed a revocation check in the last 30 s does no network call in either mode. Used only
 * when FIREBASE_AUTH_EMULATOR_HOST is set, which config.ts allows on loopback only.
 */
export class EmulatorTokenError extends Error {
  constructor(
    readonly code: 'auth/argument-error' | 'auth/id-token-expired',
    message: string,
  ) {
    super(message);
  }
}

/** Seconds of clock difference tolerated on iat and auth_time, as firebase-admin does. */
const CLOCK_SKEW_SECONDS = 5;

function decodePart(part: string | undefined): Record<string, unknown> {
  if (!part) throw new EmulatorTokenError('auth/argument-error', 'The token is not a JWT.');
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // reported below
  }
  throw new EmulatorTokenError('auth/argument-error', 'The token is not a JWT.');
}

/**
 * The subject a token claims, unverified: only for choosing which check to run (the check itself
 * then verifies the subject). null for anything that is not a JWT with a string `sub`.
 */
export function claimedSubject(token: string): string | null {
  try {
    const sub = decodePart(token.split('.')[1]).sub;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}

export function decodeEmulatorIdToken(
  token: string,
  projectId: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): DecodedIdToken {
  const parts = token.split('.');
  if (parts.length !== 3) throw new EmulatorTokenError('auth/argument-error', 'Not a JWT.');
  decodePart(parts[0]);
  const claims = decodePart(parts[1]);
  const invalid = (what: string) => new EmulatorTokenError('auth/argument-error', what);

  if (claims.aud !== projectId) throw invalid('The token is for another project.');
  if (claims.iss !== `https://securetoken.google.com/${projectId}`) {
    throw invalid('The token has another issuer.');
  }
  const { sub, exp, iat, auth_time: authTime } = claims;
  if (typeof sub !== 'string' || sub === '' || sub.length > 128) {
    throw invalid('The token has no valid subject.');
  }
  if (typeof exp !== 'number' || typeof iat !== 'number' || typeof authTime !== 'number') {
    throw invalid('The token lacks its times.');
  }
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS || authTime > nowSeconds + CLOCK_SKEW_SECONDS) {
    throw invalid('The token was issued in the future.');
  }
  if (exp <= nowSeconds) throw new EmulatorTokenError('auth/id-token-expired', 'Token expired.');
  return { ...claims, uid: sub } as DecodedIdToken;
}
