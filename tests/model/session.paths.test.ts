import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  type AnyMachineSnapshot,
  type StateValue,
} from 'xstate';

import {
  sessionMachine,
  type BackendUserRecord,
  type IdentityUser,
  type SessionEvent,
} from '@/machines/session.machine';
import { backendUser, identityUser } from '@/testing/factories';

import {
  buildPaths,
  describePath,
  expectEveryStateReachable,
  expectSameState,
  flush,
  PendingActors,
  stepsOf,
  type ModelEvent,
  type ModelPath,
} from './model-utils';

const ada = identityUser();
const grace = identityUser({ uid: 'uid-grace', email: 'grace@example.com', displayName: 'Grace' });

/** GET /api/users answered 401 (RTK Query's error shape, as the backend user loader wraps it). */
const refused = Object.assign(new Error('GET /api/users failed with 401'), {
  refusal: { kind: 'signedOut', code: 'token_revoked', reason: 'Your session has ended.' },
});

const events: ModelEvent[] = [
  { type: 'auth.changed', user: ada },
  { type: 'auth.changed', user: grace },
  { type: 'auth.changed', user: null },
  // The provider ended the session itself (account disabled while its token was refreshed).
  { type: 'auth.changed', user: null, reason: 'This account has been disabled.' },
  { type: 'xstate.done.actor.fetchBackendUser', output: backendUser() },
  { type: 'xstate.error.actor.fetchBackendUser', error: new Error('HTML instead of JSON') },
  { type: 'xstate.error.actor.fetchBackendUser', error: refused },
  { type: 'xstate.done.actor.refreshBackendUser', output: backendUser({ name: 'Renamed' }) },
  { type: 'xstate.error.actor.refreshBackendUser', error: new Error('offline') },
  {
    type: 'xstate.error.actor.refreshBackendUser',
    error: { status: 401, data: { error: { code: 'user_disabled', message: 'Disabled.' } } },
  },
  { type: 'xstate.done.actor.logLogout', output: undefined },
  { type: 'xstate.error.actor.logLogout', error: new Error('log failed') },
  { type: 'xstate.done.actor.signOut', output: undefined },
  { type: 'xstate.error.actor.signOut', error: new Error('sign-out failed') },
  { type: 'session.signOut' },
  { type: 'session.refresh' },
  { type: 'api.unauthorized', reason: 'Your session has ended. Sign in again.' },
  { type: 'api.forbidden', module: 'portfolio' },
];

const serializeState = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    uid: (snapshot.context as { identity: IdentityUser | null }).identity?.uid ?? null,
    role: (snapshot.context as { user: { role: string | null } | null }).user?.role ?? null,
    reason: (snapshot.context as { signOutReason: string | null }).signOutReason !== null,
  });

// Shortest paths use every event (a second account covers switching users); simple paths use one
// account, which keeps their number readable while still taking every transition.
const { shortest } = buildPaths(sessionMachine, { events, serializeState });
// The provider's sign-out with a reason is left to the shortest paths: it only sets the reason.
const { simple } = buildPaths(sessionMachine, {
  events: events.filter(
    (event) =>
      (event as { user?: IdentityUser | null }).user !== grace &&
      !(event.type === 'auth.changed' && 'reason' in event),
  ),
  serializeState,
});

/** Replays a path against the real machine with fake actors given through .provide(). */
async function replay(path: ModelPath): Promise<StateValue> {
  let emit: ((event: SessionEvent) => void) | null = null;
  const pending = new PendingActors({ refreshBackendUser: 'fetchBackendUser' });
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        authListener: fromCallback<SessionEvent>(({ sendBack }) => {
          emit = sendBack;
          return () => {
            emit = null;
          };
        }),
        fetchBackendUser: fromPromise(() => pending.start<BackendUserRecord>('fetchBackendUser')),
        logLogout: fromPromise(() => pending.start<void>('logLogout')),
        signOut: fromPromise(() => pending.start<void>('signOut')),
      },
      actions: {
        recordSignIn: () => undefined,
        clearSignInFlag: () => undefined,
        reportBackendUserError: () => undefined,
        reportSignOutError: () => undefined,
      },
    }),
  ).start();
  for (const [index, step] of stepsOf(path).entries()) {
    if (!pending.settle(step.event)) {
      if (step.event.type === 'auth.changed') {
        expect(emit, 'the auth listener is running').not.toBeNull();
        emit!(step.event as SessionEvent);
      } else {
        actor.send(step.event as SessionEvent);
      }
    }
    await flush();
    expectSameState(
      actor.getSnapshot().value,
      step.state.value,
      `step ${index + 1} (${step.event.type})`,
    );
  }
  const end = actor.getSnapshot().value;
  actor.stop();
  return end;
}

describe('session machine paths (xstate/graph)', () => {
  it('reaches every state', () => {
    expectEveryStateReachable(sessionMachine, shortest);
  });

  describe('shortest paths', () => {
    shortest.forEach((path, index) => {
      const name = describePath('session', 'shortest', index, path);
      it(name, async () => {
        console.log(name);
        expect(await replay(path)).toEqual(path.state.value);
      });
    });
  });

  describe('simple paths', () => {
    simple.forEach((path, index) => {
      const name = describePath('session', 'simple', index, path);
      it(name, async () => {
        console.log(name);
        expect(await replay(path)).toEqual(path.state.value);
      });
    });
  });
});
