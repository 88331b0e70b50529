/**
 * Sentences a person understands for the identity provider's error codes. Pure: the codes are
 * plain strings, so this file needs no SDK. The forms never show a code or the provider's own
 * message ("Firebase: Error (auth/…)."): a code without a sentence here gets a general one.
 */

/** Sentences used by more than one code or form. */
export const AUTH_ERROR_TEXTS = {
  /** Google's window or scripts cannot be used (offline, blocked, or not set up for this site). */
  googleUnavailable:
    'Google sign-in is not available right now. Check your connection, or sign in with your email and password.',
  /** Any code without its own sentence, when no form gave a better one. */
  unknown: 'Something went wrong. Try again in a moment.',
  unknownSignIn: 'Something went wrong while signing in. Try again in a moment.',
  unknownReset: 'Something went wrong while sending the reset email. Try again in a moment.',
  unknownSignUp: 'Something went wrong while creating the account. Try again in a moment.',
  sessionEnded: 'Your session has ended. Sign in again.',
  incorrectCredentials: 'The email or password is incorrect.',
  notConfigured:
    'Sign-in is not set up correctly for this site. Contact your administrator, or try again later.',
  emailLinkInvalid: 'This email link is no longer valid. Ask for a new one.',
} as const;

const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': AUTH_ERROR_TEXTS.incorrectCredentials,
  'auth/invalid-login-credentials': AUTH_ERROR_TEXTS.incorrectCredentials,
  'auth/wrong-password': AUTH_ERROR_TEXTS.incorrectCredentials,
  'auth/user-not-found': 'No account uses this email address.',
  'auth/too-many-requests':
    'Too many attempts. Wait a few minutes or reset your password, then try again.',
  'auth/user-disabled': 'This account has been disabled. Contact your administrator.',
  'auth/invalid-email': 'Enter a valid email address.',
  'auth/missing-email': 'Enter your email address.',
  'auth/invalid-recipient-email': 'No email can be sent to this address. Check it and try again.',
  'auth/network-request-failed':
    'Cannot reach the sign-in service. Check your connection and try again.',
  'auth/timeout':
    'The sign-in service took too long to answer. Check your connection and try again.',
  'auth/internal-error': AUTH_ERROR_TEXTS.unknownSignIn,
  'auth/email-already-in-use': 'An account already uses this email address. Sign in instead.',
  'auth/account-exists-with-different-credential':
    'An account already uses this email address with another sign-in method. Sign in with your email and password.',
  'auth/credential-already-in-use': 'This Google account is already used by another account.',
  'auth/weak-password': 'Choose a stronger password of at least 6 characters.',
  'auth/password-does-not-meet-requirements':
    'This password does not meet the requirements. Choose a longer password with a mix of characters.',
  'auth/missing-password': 'Enter your password.',
  'auth/requires-recent-login': 'For your security, enter your current password again.',
  'auth/operation-not-allowed': 'This sign-in method is not enabled.',
  'auth/admin-restricted-operation':
    'New accounts cannot be created here. Ask your administrator for an invitation.',
  'auth/popup-blocked':
    'Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user':
    'The Google sign-in window was closed before you finished. Try again.',
  'auth/cancelled-popup-request':
    'Another Google sign-in window is already open. Finish there, or close it and try again.',
  'auth/user-cancelled': 'Sign-in was cancelled. Try again when you are ready.',
  'auth/redirect-cancelled-by-user': 'Google sign-in was cancelled. Try again when you are ready.',
  'auth/redirect-operation-pending': 'A Google sign-in is already under way. Wait a moment.',
  'auth/unauthorized-domain':
    'Sign-in is not allowed from this web address. Open Bidwright from its usual address, or contact your administrator.',
  'auth/operation-not-supported-in-this-environment':
    'This browser cannot open the sign-in window. Sign in with your email and password.',
  'auth/web-storage-unsupported':
    'Your browser blocks the storage sign-in needs. Allow cookies and site data for this site, then try again.',
  'auth/invalid-api-key': AUTH_ERROR_TEXTS.notConfigured,
  'auth/app-not-authorized': AUTH_ERROR_TEXTS.notConfigured,
  'auth/invalid-tenant-id': AUTH_ERROR_TEXTS.notConfigured,
  'auth/invalid-continue-uri': AUTH_ERROR_TEXTS.notConfigured,
  'auth/unauthorized-continue-uri': AUTH_ERROR_TEXTS.notConfigured,
  'auth/missing-continue-uri': AUTH_ERROR_TEXTS.notConfigured,
  'auth/quota-exceeded': 'The sign-in service is busy. Try again in a few minutes.',
  'auth/user-token-expired': AUTH_ERROR_TEXTS.sessionEnded,
  'auth/invalid-user-token': AUTH_ERROR_TEXTS.sessionEnded,
  'auth/user-signed-out': AUTH_ERROR_TEXTS.sessionEnded,
  'auth/user-mismatch': 'Use the same account you are signed in with.',
  'auth/expired-action-code': AUTH_ERROR_TEXTS.emailLinkInvalid,
  'auth/invalid-action-code': AUTH_ERROR_TEXTS.emailLinkInvalid,
  'auth/unverified-email': 'Verify your email address first, with the link we sent you.',
};

/**
 * Codes that, during a Google sign-in, mean its window or scripts cannot be used here: the
 * person is told to try later or use their email and password instead.
 */
const GOOGLE_UNAVAILABLE_CODES = new Set([
  'auth/internal-error',
  'auth/network-request-failed',
  'auth/timeout',
  'auth/operation-not-allowed',
  'auth/unauthorized-domain',
  'auth/operation-not-supported-in-this-environment',
  'auth/web-storage-unsupported',
  'auth/invalid-api-key',
  'auth/app-not-authorized',
]);

/** Every code with a sentence of its own (for tests). */
export const KNOWN_AUTH_ERROR_CODES: readonly string[] = Object.keys(MESSAGES);

export function errorCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error as { code: unknown };
    return typeof code === 'string' ? code : null;
  }
  return null;
}

export function errorText(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  if (typeof error === 'string' && error) return error;
  return null;
}

/** True for words meant for people: not the SDK's "Firebase: …" text and no "auth/…" code. */
function isPlainWords(text: string): boolean {
  return !/firebase|auth\//i.test(text);
}

export interface DescribeAuthErrorOptions {
  /** The error comes from a Google sign-in (popup or redirect). */
  google?: boolean;
  /** The sentence for a code this file does not know; defaults to AUTH_ERROR_TEXTS.unknown. */
  unknown?: string;
}

/**
 * A known code's sentence; else, for any other provider code, the general sentence; else the
 * error's own message when it is plain words; else the fallback.
 */
export function describeAuthError(
  error: unknown,
  fallback: string,
  options: DescribeAuthErrorOptions = {},
): string {
  const code = errorCode(error);
  if (code && options.google && GOOGLE_UNAVAILABLE_CODES.has(code)) {
    return AUTH_ERROR_TEXTS.googleUnavailable;
  }
  if (code && MESSAGES[code]) return MESSAGES[code];
  const unknown = options.unknown ?? AUTH_ERROR_TEXTS.unknown;
  if (code?.startsWith('auth/')) return unknown;
  const text = errorText(error);
  if (text && isPlainWords(text)) return text;
  return text ? unknown : fallback;
}
