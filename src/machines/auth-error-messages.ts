/**
 * Sentences a person understands for the identity provider's error codes. Pure: the codes are
 * plain strings, so this file needs no SDK.
 */
const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'The email or password is incorrect.',
  'auth/wrong-password': 'The email or password is incorrect.',
  'auth/user-not-found': 'No account uses this email address.',
  'auth/too-many-requests':
    'Too many attempts. Wait a few minutes or reset your password, then try again.',
  'auth/user-disabled': 'This account has been disabled. Contact your administrator.',
  'auth/invalid-email': 'Enter a valid email address.',
  'auth/missing-email': 'Enter your email address.',
  'auth/network-request-failed':
    'Cannot reach the sign-in service. Check your connection and try again.',
  'auth/email-already-in-use': 'An account already uses this email address. Sign in instead.',
  'auth/weak-password': 'Choose a stronger password of at least 6 characters.',
  'auth/missing-password': 'Enter your password.',
  'auth/requires-recent-login': 'For your security, enter your current password again.',
  'auth/operation-not-allowed': 'This sign-in method is not enabled.',
};

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

/** A known code's sentence, else the provider's message, else the fallback. */
export function describeAuthError(error: unknown, fallback: string): string {
  const code = errorCode(error);
  if (code && MESSAGES[code]) return MESSAGES[code];
  return errorText(error) ?? fallback;
}
