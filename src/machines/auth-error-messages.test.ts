import { describe, expect, it } from 'vitest';

import {
  AUTH_ERROR_TEXTS,
  describeAuthError,
  KNOWN_AUTH_ERROR_CODES,
  type DescribeAuthErrorOptions,
} from './auth-error-messages';

/** What the SDK rejects with: a FirebaseError with its code and "Firebase: Error (code)." */
const sdkError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (${code}).`), { code, name: 'FirebaseError' });

/** Codes the sign-in, sign-up, reset and account forms are known to meet. */
const FORM_CODES = [
  'auth/internal-error',
  'auth/network-request-failed',
  'auth/popup-blocked',
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/unauthorized-domain',
  'auth/operation-not-allowed',
  'auth/too-many-requests',
  'auth/user-disabled',
  'auth/invalid-credential',
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/invalid-email',
  'auth/missing-email',
  'auth/missing-password',
  'auth/email-already-in-use',
  'auth/weak-password',
  'auth/requires-recent-login',
  'auth/account-exists-with-different-credential',
  'auth/web-storage-unsupported',
  'auth/operation-not-supported-in-this-environment',
  'auth/user-token-expired',
  'auth/timeout',
  'auth/expired-action-code',
];

const FORMS: [string, DescribeAuthErrorOptions][] = [
  ['any form', {}],
  ['password sign-in', { unknown: AUTH_ERROR_TEXTS.unknownSignIn }],
  ['Google sign-in', { google: true, unknown: AUTH_ERROR_TEXTS.unknownSignIn }],
];

const everyCode = [...new Set([...FORM_CODES, ...KNOWN_AUTH_ERROR_CODES])];

describe('describeAuthError', () => {
  it('knows every code the forms meet', () => {
    expect(FORM_CODES.filter((code) => !KNOWN_AUTH_ERROR_CODES.includes(code))).toEqual([]);
  });

  describe.each(FORMS)('in %s', (_form, options) => {
    it.each([...everyCode, 'auth/some-future-code'])('%s reads as a plain sentence', (code) => {
      const text = describeAuthError(sdkError(code), 'Failed to sign in', options);
      expect(text).not.toMatch(/firebase/i);
      expect(text).not.toContain('auth/');
      expect(text).not.toContain(code.replace('auth/', ''));
      expect(text).toMatch(/^[A-Z].*\.$/);
    });
  });

  it('an unknown code gets the form’s general sentence', () => {
    expect(describeAuthError(sdkError('auth/odd'), 'Failed to sign in')).toBe(
      'Something went wrong. Try again in a moment.',
    );
    expect(
      describeAuthError(sdkError('auth/odd'), 'Failed to sign in', {
        unknown: AUTH_ERROR_TEXTS.unknownSignIn,
      }),
    ).toBe('Something went wrong while signing in. Try again in a moment.');
  });

  it.each([
    'auth/internal-error',
    'auth/network-request-failed',
    'auth/unauthorized-domain',
    'auth/operation-not-allowed',
  ])('a Google sign-in failing with %s says Google is not available', (code) => {
    expect(
      describeAuthError(sdkError(code), 'Failed to sign in with Google', { google: true }),
    ).toBe(
      'Google sign-in is not available right now. Check your connection, or sign in with your email and password.',
    );
  });

  it('outside Google sign-in, an unreachable service keeps its own sentence', () => {
    expect(describeAuthError(sdkError('auth/network-request-failed'), 'Failed to sign in')).toBe(
      'Cannot reach the sign-in service. Check your connection and try again.',
    );
  });

  it('an error without a code shows its message when it is plain words, else a sentence', () => {
    expect(describeAuthError(new Error('The passwords do not match.'), 'fallback')).toBe(
      'The passwords do not match.',
    );
    expect(describeAuthError(new Error('Firebase: Error (auth/odd).'), 'fallback')).toBe(
      AUTH_ERROR_TEXTS.unknown,
    );
    expect(describeAuthError(new Error(''), 'Failed to sign in')).toBe('Failed to sign in');
    expect(describeAuthError(null, 'Failed to sign in')).toBe('Failed to sign in');
  });
});
