import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';

import { backendUser, identityUser } from '@/testing/factories';

import {
  mergeUser,
  sessionMachine,
  type BackendUserRecord,
  type IdentityUser,
  type SessionEvent,
} from './session.machine';

function harness(fetchUser: (identity: IdentityUser) => Promise<BackendUserRecord>) {
  let emit: (user: IdentityUser | null) => void = () => undefined;
  const recordSignIn = vi.fn();
  const clearSignInFlag = vi.fn();
  const logLogout = vi.fn(() => Promise.resolve());
  const signOut = vi.fn(() => Promise.resolve());
  const reportBackendUserError = vi.fn();
  const logic = sessionMachine.provide({
    actors: {
      authListener: fromCallback<SessionEvent>(({ sendBack }) => {
        emit = (user) => sendBack({ type: 'auth.changed', user });
        return () => undefined;
      }),
      fetchBackendUser: fromPromise(({ input }) => fetchUser(input.identity)),
      logLogout: fromPromise(logLogout),
      signOut: fromPromise(signOut),
    },
    actions: { recordSignIn, clearSignInFlag, reportBackendUserError },
  });
  const actor = createActor(logic).start();
  return {
    actor,
    emit: (user: IdentityUser | null) => emit(user),
    recordSignIn,
    clearSignInFlag,
    logLogout,
    signOut,
    reportBackendUserError,
  };
}

describe('mergeUser', () => {
  it('uses the backend name, role and modules', () => {
    const user = mergeUser(identityUser(), backendUser({ role: 'admin', modules: ['response'] }));
    expect(user).toMatchObject({
      displayName: 'Ada Lovelace',
      role: 'admin',
      modules: ['response'],
    });
  });

  it('falls back to the identity display name when the backend name is missing', () => {
    expect(mergeUser(identityUser(), backendUser({ name: null })).displayName).toBe(
      'Ada (identity)',
    );
  });

  it('without a backend record the identity user has no role', () => {
    expect(mergeUser(identityUser(), null)).toMatchObject({ role: null, modules: [] });
  });
});

describe('session machine', () => {
  it('starts loading, then is signed out when the provider reports no user', () => {
    const h = harness(() => Promise.resolve(backendUser()));
    expect(h.actor.getSnapshot().hasTag('loading')).toBe(true);
    h.emit(null);
    expect(h.actor.getSnapshot().value).toBe('signedOut');
  });

  it('fetches the backend user on sign-in and merges it', async () => {
    const fetchUser = vi.fn(() => Promise.resolve(backendUser({ role: 'admin' })));
    const h = harness(fetchUser);
    h.emit(identityUser());
    expect(h.actor.getSnapshot().matches({ loading: 'fetchingUser' })).toBe(true);
    const snapshot = await waitFor(h.actor, (s) => s.hasTag('signedIn'));
    expect(fetchUser).toHaveBeenCalledWith(expect.objectContaining({ email: 'ada@example.com' }));
    expect(snapshot.context.user).toMatchObject({ displayName: 'Ada Lovelace', role: 'admin' });
    expect(h.recordSignIn).toHaveBeenCalledTimes(1);
  });

  it('uses the plain identity user without a role when the backend fetch fails', async () => {
    const h = harness(() => Promise.reject(new Error('HTML instead of JSON')));
    h.emit(identityUser());
    const snapshot = await waitFor(h.actor, (s) => s.hasTag('signedIn'));
    expect(snapshot.context.user).toMatchObject({ displayName: 'Ada (identity)', role: null });
    expect(h.reportBackendUserError).toHaveBeenCalledTimes(1);
  });

  it('sign-out logs logout, clears the flag, signs out and ends signed out', async () => {
    const h = harness(() => Promise.resolve(backendUser()));
    h.emit(identityUser());
    await waitFor(h.actor, (s) => s.hasTag('signedIn'));
    h.actor.send({ type: 'session.signOut' });
    const snapshot = await waitFor(h.actor, (s) => s.matches('signedOut'));
    expect(h.logLogout).toHaveBeenCalledTimes(1);
    expect(h.clearSignInFlag).toHaveBeenCalledTimes(1);
    expect(h.signOut).toHaveBeenCalledTimes(1);
    expect(snapshot.context.user).toBeNull();
    expect(h.logLogout.mock.invocationCallOrder[0]).toBeLessThan(
      h.signOut.mock.invocationCallOrder[0]!,
    );
  });

  it('signs out when the provider drops the user (disabled or expired token)', async () => {
    const h = harness(() => Promise.resolve(backendUser()));
    h.emit(identityUser());
    await waitFor(h.actor, (s) => s.hasTag('signedIn'));
    h.emit(null);
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.clearSignInFlag).toHaveBeenCalled();
  });

  it('refresh re-reads the backend user', async () => {
    let name = 'Before';
    const h = harness(() => Promise.resolve(backendUser({ name })));
    h.emit(identityUser());
    await waitFor(h.actor, (s) => s.hasTag('signedIn'));
    name = 'After';
    h.actor.send({ type: 'session.refresh' });
    const snapshot = await waitFor(
      h.actor,
      (s) => s.matches({ signedIn: 'ready' }) && s.context.user?.displayName === 'After',
    );
    expect(snapshot.context.user?.displayName).toBe('After');
  });
});

describe('session machine when nobody can be signed in', () => {
  const quietActors = {
    authListener: fromCallback<SessionEvent>(({ sendBack }) => {
      // The provider, once loaded, confirms nobody is signed in.
      setTimeout(() => sendBack({ type: 'auth.changed', user: null }), 0);
      return () => undefined;
    }),
  };

  it('is signed out from its first snapshot, before the provider answers', () => {
    const logic = sessionMachine.provide({
      actors: quietActors,
      guards: { nobodyCanBeSignedIn: () => true },
    });
    const actor = createActor(logic);
    // Before start(): the first render reads this snapshot, so no spinner is ever shown.
    expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
    actor.start();
    expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
    actor.stop();
  });

  it('still signs in when the provider later reports a user', async () => {
    let emit: (user: IdentityUser | null) => void = () => undefined;
    const logic = sessionMachine.provide({
      actors: {
        authListener: fromCallback<SessionEvent>(({ sendBack }) => {
          emit = (user) => sendBack({ type: 'auth.changed', user });
          return () => undefined;
        }),
        fetchBackendUser: fromPromise(() => Promise.resolve(backendUser({ role: 'admin' }))),
      },
      actions: { recordSignIn: () => undefined },
      guards: { nobodyCanBeSignedIn: () => true },
    });
    const actor = createActor(logic).start();
    emit(identityUser());
    const snapshot = await waitFor(actor, (s) => s.hasTag('signedIn'));
    expect(snapshot.context.user?.role).toBe('admin');
    actor.stop();
  });

  it('waits for the provider when a user may be stored', () => {
    const actor = createActor(sessionMachine.provide({ actors: quietActors })).start();
    expect(actor.getSnapshot().matches({ loading: 'waitingForAuth' })).toBe(true);
    actor.stop();
  });
});
