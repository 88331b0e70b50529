import { afterEach, describe, expect, it, vi } from 'vitest';

import { env } from '@/config/env';

import {
  hasPendingRedirect,
  maySignedInUserExist,
  PENDING_REDIRECT_KEY,
  PERSISTED_USER_KEY,
} from './persisted-session';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('persisted session hints', () => {
  it("uses the Firebase SDK's key names for this app's API key", () => {
    expect(PERSISTED_USER_KEY).toBe(`firebase:authUser:${env.firebaseApiKey}:[DEFAULT]`);
    expect(PENDING_REDIRECT_KEY).toBe(`firebase:pendingRedirect:${env.firebaseApiKey}:[DEFAULT]`);
  });

  it('says nobody can be signed in on a first visit', () => {
    expect(maySignedInUserExist()).toBe(false);
    expect(hasPendingRedirect()).toBe(false);
  });

  it('says someone may be signed in when the SDK stored a user', () => {
    localStorage.setItem(PERSISTED_USER_KEY, '{"uid":"u1"}');
    expect(maySignedInUserExist()).toBe(true);
  });

  it('waits for a Google redirect sign-in that is on its way back', () => {
    sessionStorage.setItem(PENDING_REDIRECT_KEY, '"true"');
    expect(hasPendingRedirect()).toBe(true);
    expect(maySignedInUserExist()).toBe(true);
  });

  it('assumes someone may be signed in when storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(maySignedInUserExist()).toBe(true);
  });
});
