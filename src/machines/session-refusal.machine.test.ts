import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';

import { backendUser, identityUser } from '@/testing/factories';

import {
  ACCOUNT_DISABLED_REASON,
  apiRefusalOf,
  classifyApiRefusal,
  SESSION_ENDED_REASON,
} from './api-refusal';
import { sessionMachine, type BackendUserRecord, type SessionEvent } from './session.machine';

const body = (code: string, message = 'Server words.', details?: unknown) => ({
  error: { code, message, ...(details === undefined ? {} : { details }) },
});

describe('classifyApiRefusal', () => {
  it("a 401 user_disabled keeps the server's words", () => {
    expect(
      classifyApiRefusal(401, body('user_disabled', 'This account is disabled. Contact X.')),
    ).toEqual({
      kind: 'signedOut',
      code: 'user_disabled',
      reason: 'This account is disabled. Contact X.',
    });
  });

  it('a 401 user_disabled without words uses the app’s own', () => {
    expect(classifyApiRefusal(401, body('user_disabled', ' '))).toMatchObject({
      reason: ACCOUNT_DISABLED_REASON,
    });
  });

  it.each(['token_expired', 'token_revoked', 'unauthenticated', 'something_new'])(
    "a 401 %s says 'Your session has ended. Sign in again.'",
    (code) => {
      expect(classifyApiRefusal(401, body(code))).toEqual({
        kind: 'signedOut',
        code,
        reason: SESSION_ENDED_REASON,
      });
    },
  );

  it('a 401 without an error body still ends the session', () => {
    expect(classifyApiRefusal(401, '<html>')).toMatchObject({
      kind: 'signedOut',
      reason: SESSION_ENDED_REASON,
    });
  });

  it('a 403 module_not_enabled names the module from its details or its message', () => {
    expect(
      classifyApiRefusal(403, body('module_not_enabled', 'Not enabled.', { module: 'upwork' })),
    ).toEqual({ kind: 'moduleNotEnabled', module: 'upwork' });
    expect(
      classifyApiRefusal(403, body('module_not_enabled', "The 'portfolio' module is not enabled")),
    ).toEqual({ kind: 'moduleNotEnabled', module: 'portfolio' });
    expect(classifyApiRefusal(403, body('module_not_enabled', "The 'nope' module"))).toEqual({
      kind: 'moduleNotEnabled',
      module: null,
    });
  });

  it('a 403 forbidden is a role refusal; other answers are no refusal', () => {
    expect(classifyApiRefusal(403, body('forbidden'))).toEqual({ kind: 'forbidden' });
    expect(classifyApiRefusal(403, body('conflict'))).toBeNull();
    expect(classifyApiRefusal(404, body('not_found'))).toBeNull();
    expect(classifyApiRefusal('FETCH_ERROR', undefined)).toBeNull();
  });

  it('apiRefusalOf reads RTK Query errors and errors carrying a refusal', () => {
    expect(apiRefusalOf({ status: 401, data: body('token_expired') })).toMatchObject({
      kind: 'signedOut',
    });
    const carried = Object.assign(new Error('x'), { refusal: { kind: 'forbidden' } });
    expect(apiRefusalOf(carried)).toEqual({ kind: 'forbidden' });
    expect(apiRefusalOf(new Error('plain'))).toBeNull();
    expect(apiRefusalOf(null)).toBeNull();
  });
});

function harness(fetchUser: () => Promise<BackendUserRecord>) {
  let emit: (event: SessionEvent) => void = () => undefined;
  const logLogout = vi.fn(() => Promise.resolve());
  const signOut = vi.fn(() => Promise.resolve());
  const fetchBackendUser = vi.fn(fetchUser);
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        authListener: fromCallback<SessionEvent>(({ sendBack }) => {
          emit = sendBack;
          return () => undefined;
        }),
        fetchBackendUser: fromPromise(() => fetchBackendUser()),
        logLogout: fromPromise(logLogout),
        signOut: fromPromise(signOut),
      },
      actions: {
        recordSignIn: () => undefined,
        clearSignInFlag: () => undefined,
        reportBackendUserError: () => undefined,
      },
    }),
  ).start();
  return {
    actor,
    emit: (event: SessionEvent) => emit(event),
    logLogout,
    signOut,
    fetchBackendUser,
  };
}

const refused401 = (code: string, message = 'Server words.') =>
  Object.assign(new Error(`GET /api/users failed with 401: ${message}`), {
    refusal: classifyApiRefusal(401, body(code, message)),
  });

describe('session machine and API refusals', () => {
  it('a 401 while signed in signs out without logging logout and keeps the reason', async () => {
    const h = harness(() => Promise.resolve(backendUser()));
    h.emit({ type: 'auth.changed', user: identityUser() });
    await waitFor(h.actor, (s) => s.hasTag('signedIn'));
    h.actor.send({ type: 'api.unauthorized', reason: 'This account is disabled.' });
    const snapshot = await waitFor(h.actor, (s) => s.matches('signedOut'));
    expect(h.logLogout).not.toHaveBeenCalled();
    expect(h.signOut).toHaveBeenCalledTimes(1);
    expect(snapshot.context).toMatchObject({
      identity: null,
      user: null,
      signOutReason: 'This account is disabled.',
    });
  });

  it('a 401 answer to the first backend user read ends signed out with the reason', async () => {
    const h = harness(() => Promise.reject(refused401('token_revoked')));
    h.emit({ type: 'auth.changed', user: identityUser() });
    const snapshot = await waitFor(h.actor, (s) => s.matches('signedOut'));
    expect(snapshot.context.signOutReason).toBe(SESSION_ENDED_REASON);
    expect(h.signOut).toHaveBeenCalledTimes(1);
  });

  it('a 401 answer to a refresh ends signed out with the reason', async () => {
    let refuse = false;
    const h = harness(() =>
      refuse
        ? Promise.reject(refused401('user_disabled', 'Disabled.'))
        : Promise.resolve(backendUser()),
    );
    h.emit({ type: 'auth.changed', user: identityUser() });
    await waitFor(h.actor, (s) => s.hasTag('signedIn'));
    refuse = true;
    h.actor.send({ type: 'session.refresh' });
    const snapshot = await waitFor(h.actor, (s) => s.matches('signedOut'));
    expect(snapshot.context.signOutReason).toBe('Disabled.');
  });

  it('signing in again forgets the reason; an ordinary sign-out has none', async () => {
    const h = harness(() => Promise.resolve(backendUser()));
    h.emit({ type: 'auth.changed', user: identityUser() });
    await waitFor(h.actor, (s) => s.hasTag('signedIn'));
    h.actor.send({ type: 'api.unauthorized', reason: 'Ended.' });
    await waitFor(h.actor, (s) => s.matches('signedOut'));
    h.emit({ type: 'auth.changed', user: identityUser() });
    expect(h.actor.getSnapshot().context.signOutReason).toBeNull();
    await waitFor(h.actor, (s) => s.hasTag('signedIn'));
    h.actor.send({ type: 'session.signOut' });
    const snapshot = await waitFor(h.actor, (s) => s.matches('signedOut'));
    expect(snapshot.context.signOutReason).toBeNull();
    expect(h.logLogout).toHaveBeenCalledTimes(1);
  });

  it('a 403 drops the named module at once and re-reads the user', async () => {
    const h = harness(() => Promise.resolve(backendUser({ modules: ['response', 'portfolio'] })));
    h.emit({ type: 'auth.changed', user: identityUser() });
    await waitFor(h.actor, (s) => s.hasTag('signedIn'));
    h.fetchBackendUser.mockImplementation(() =>
      Promise.resolve(backendUser({ modules: ['response'], role: 'member' })),
    );
    h.actor.send({ type: 'api.forbidden', module: 'portfolio' });
    const during = h.actor.getSnapshot();
    expect(during.matches({ signedIn: 'refreshing' })).toBe(true);
    expect(during.context.user?.modules).toEqual(['response']);
    await waitFor(h.actor, (s) => s.matches({ signedIn: 'ready' }));
    expect(h.fetchBackendUser).toHaveBeenCalledTimes(2);
  });

  it('API refusals are ignored while signed out', () => {
    const h = harness(() => Promise.resolve(backendUser()));
    h.emit({ type: 'auth.changed', user: null });
    h.actor.send({ type: 'api.unauthorized', reason: 'Late.' });
    h.actor.send({ type: 'api.forbidden', module: null });
    expect(h.actor.getSnapshot().value).toBe('signedOut');
    expect(h.actor.getSnapshot().context.signOutReason).toBeNull();
  });
});

describe('session machine when the provider ends the session', () => {
  it('keeps the reason the provider sign-out came with', async () => {
    const h = harness(() => Promise.resolve(backendUser()));
    h.emit({ type: 'auth.changed', user: identityUser() });
    await waitFor(h.actor, (s) => s.hasTag('signedIn'));
    h.emit({ type: 'auth.changed', user: null, reason: 'This account has been disabled.' });
    expect(h.actor.getSnapshot().value).toBe('signedOut');
    expect(h.actor.getSnapshot().context.signOutReason).toBe('This account has been disabled.');
  });
});
