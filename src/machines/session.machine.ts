import { assign, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';

import type { Module, Role, SessionUser } from '@/contract/user';

import { apiRefusalOf } from './api-refusal';

/** The identity provider's user, as plain data. */
export interface IdentityUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
  phoneNumber: string | null;
  isAnonymous: boolean;
  providerData: { providerId: string; uid: string; email: string | null }[];
  metadata: { creationTime?: string | undefined; lastSignInTime?: string | undefined };
}

/** The backend user record (GET /api/users) read after sign-in: the contract's session user. */
export type BackendUserRecord = SessionUser;

/** The merged current user the views read. */
export interface CurrentUser extends IdentityUser {
  /** The backend name, falling back to the identity provider's display name. */
  displayName: string | null;
  /** null when the backend user could not be loaded: the plain identity user is used then. */
  role: Role | null;
  modules: Module[];
  backendId: string | null;
}

/** Merge the identity user with the backend record, or use it plainly without a role. */
export function mergeUser(identity: IdentityUser, backend: BackendUserRecord | null): CurrentUser {
  return {
    ...identity,
    displayName: backend?.name ?? identity.displayName,
    role: backend?.role ?? null,
    modules: backend?.modules ?? [],
    backendId: backend?.id ?? null,
  };
}

export interface SessionContext {
  identity: IdentityUser | null;
  user: CurrentUser | null;
  /**
   * Why the session ended when the API refused it (401), for the sign-in page to say; null after an
   * ordinary sign-out and once someone signs in again.
   */
  signOutReason: string | null;
}

/** The sign-in page's reason when an error is the API refusing the session (401), else null. */
export function sessionEndReason(error: unknown): string | null {
  const refusal = apiRefusalOf(error);
  return refusal?.kind === 'signedOut' ? refusal.reason : null;
}

/** The user without a module the API says is not enabled (so the module's gates close at once). */
function withoutModule(user: CurrentUser | null, module: string | null): CurrentUser | null {
  if (!user || module === null || !user.modules.some((item) => item === module)) return user;
  return { ...user, modules: user.modules.filter((item) => item !== module) };
}

export type SessionEvent =
  /** From the identity provider's auth-state listener. */
  /**
   * From the identity provider's auth-state listener. `reason` comes with a null user when the
   * provider itself ended the session (the account was disabled, the sign-in expired).
   */
  | { type: 'auth.changed'; user: IdentityUser | null; reason?: string | null }
  | { type: 'session.signOut' }
  /** Re-read the backend user (after a profile change). */
  | { type: 'session.refresh' }
  /** The API refused a request with 401: the session is over; `reason` is said on the sign-in page. */
  | { type: 'api.unauthorized'; reason: string }
  /**
   * The API refused a request with 403 (module not enabled, or the role does not allow it): the
   * user's role or modules changed. `module` is the module named as not enabled, if any.
   */
  | { type: 'api.forbidden'; module: string | null };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** Subscribes to auth-state changes and sends 'auth.changed'; returns the unsubscribe. */
    authListener: fromCallback<SessionEvent>(() => () => undefined),
    fetchBackendUser: fromPromise<BackendUserRecord, { identity: IdentityUser }>(() =>
      Promise.reject(new Error('fetchBackendUser is not provided')),
    ),
    logLogout: fromPromise<void, { user: CurrentUser | null }>(() => Promise.resolve()),
    signOut: fromPromise<void>(() => Promise.resolve()),
  },
  actions: {
    /** First sign-in of this browser session: log 'login' and set the session flag. */
    recordSignIn: (_, _params: { user: CurrentUser }) => undefined,
    /** Forget the session flag, so the next sign-in in this browser session logs 'login'. */
    clearSignInFlag: () => undefined,
    reportBackendUserError: (_, params: { error: unknown }) => {
      console.error(
        'Could not load the backend user; using the identity user without a role.',
        params.error,
      );
    },
    reportSignOutError: (_, params: { error: unknown }) => {
      console.error('Sign-out failed', params.error);
    },
  },
  guards: {
    /**
     * True when this browser holds no signed-in user and no sign-in is on its way back, so the
     * session can start signed out without waiting for the identity provider (which then loads in
     * the background). The real check reads the provider's storage (lib/persisted-session.ts).
     */
    nobodyCanBeSignedIn: () => false,
    hasUser: ({ event }) => event.type === 'auth.changed' && event.user !== null,
    endsSession: (_, params: { error: unknown }) => sessionEndReason(params.error) !== null,
    isAnotherUser: ({ context, event }) =>
      event.type === 'auth.changed' &&
      event.user !== null &&
      event.user.uid !== context.identity?.uid,
  },
}).createMachine({
  id: 'session',
  context: { identity: null, user: null, signOutReason: null },
  invoke: { id: 'authListener', src: 'authListener' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      initial: 'waitingForAuth',
      states: {
        waitingForAuth: {
          always: { guard: 'nobodyCanBeSignedIn', target: '#session.signedOut' },
          on: {
            'auth.changed': [
              {
                guard: 'hasUser',
                target: 'fetchingUser',
                actions: assign({ identity: ({ event }) => event.user }),
              },
              { target: '#session.signedOut' },
            ],
          },
        },
        fetchingUser: {
          invoke: {
            id: 'fetchBackendUser',
            src: 'fetchBackendUser',
            input: ({ context }) => ({ identity: context.identity! }),
            onDone: {
              target: '#session.signedIn',
              actions: assign({
                user: ({ context, event }) => mergeUser(context.identity!, event.output),
              }),
            },
            onError: [
              {
                // A refused sign-in ends on the sign-in page with its reason, not signed in.
                guard: { type: 'endsSession', params: ({ event }) => ({ error: event.error }) },
                target: '#session.signingOut.signingOutOfProvider',
                actions: assign({ signOutReason: ({ event }) => sessionEndReason(event.error) }),
              },
              {
                target: '#session.signedIn',
                actions: [
                  {
                    type: 'reportBackendUserError',
                    params: ({ event }) => ({ error: event.error }),
                  },
                  assign({ user: ({ context }) => mergeUser(context.identity!, null) }),
                ],
              },
            ],
          },
          on: {
            'api.unauthorized': {
              target: '#session.signingOut.signingOutOfProvider',
              actions: assign({ signOutReason: ({ event }) => event.reason }),
            },
            'auth.changed': [
              {
                guard: 'isAnotherUser',
                target: 'fetchingUser',
                reenter: true,
                actions: assign({ identity: ({ event }) => event.user }),
              },
              {
                guard: 'hasUser',
              },
              {
                target: '#session.signedOut',
                actions: assign({
                  identity: null,
                  user: null,
                  signOutReason: ({ event }) => event.reason ?? null,
                }),
              },
            ],
          },
        },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      entry: [
        { type: 'recordSignIn', params: ({ context }) => ({ user: context.user! }) },
        assign({ signOutReason: null }),
      ],
      initial: 'ready',
      states: {
        ready: {
          on: { 'session.refresh': 'refreshing' },
        },
        refreshing: {
          invoke: {
            id: 'refreshBackendUser',
            src: 'fetchBackendUser',
            input: ({ context }) => ({ identity: context.identity! }),
            onDone: {
              target: 'ready',
              actions: assign({
                user: ({ context, event }) => mergeUser(context.identity!, event.output),
              }),
            },
            onError: [
              {
                guard: { type: 'endsSession', params: ({ event }) => ({ error: event.error }) },
                target: '#session.signingOut.signingOutOfProvider',
                actions: assign({ signOutReason: ({ event }) => sessionEndReason(event.error) }),
              },
              {
                target: 'ready',
                actions: {
                  type: 'reportBackendUserError',
                  params: ({ event }) => ({ error: event.error }),
                },
              },
            ],
          },
        },
      },
      on: {
        'session.signOut': 'signingOut',
        // The API no longer accepts the token: logging 'logout' with it would be refused too.
        'api.unauthorized': {
          target: '#session.signingOut.signingOutOfProvider',
          actions: assign({ signOutReason: ({ event }) => event.reason }),
        },
        // Re-read the role and modules; a module named as not enabled closes its gates meanwhile.
        'api.forbidden': {
          target: '.refreshing',
          actions: assign({
            user: ({ context, event }) => withoutModule(context.user, event.module),
          }),
        },
        'auth.changed': [
          {
            guard: 'isAnotherUser',
            target: '#session.loading.fetchingUser',
            actions: assign({ identity: ({ event }) => event.user, user: null }),
          },
          { guard: 'hasUser' },
          {
            target: 'signedOut',
            actions: [
              'clearSignInFlag',
              assign({
                identity: null,
                user: null,
                signOutReason: ({ event }) => event.reason ?? null,
              }),
            ],
          },
        ],
      },
    },
    signingOut: {
      tags: ['signingOut'],
      initial: 'loggingLogout',
      states: {
        /** Sign-out logs a 'logout' activity while the token is still valid. */
        loggingLogout: {
          invoke: {
            id: 'logLogout',
            src: 'logLogout',
            input: ({ context }) => ({ user: context.user }),
            onDone: 'signingOutOfProvider',
            onError: 'signingOutOfProvider',
          },
        },
        signingOutOfProvider: {
          entry: 'clearSignInFlag',
          invoke: {
            id: 'signOut',
            src: 'signOut',
            onDone: {
              target: '#session.signedOut',
              actions: assign({ identity: null, user: null }),
            },
            onError: {
              target: '#session.signedOut',
              actions: [
                { type: 'reportSignOutError', params: ({ event }) => ({ error: event.error }) },
                assign({ identity: null, user: null }),
              ],
            },
          },
        },
      },
    },
    signedOut: {
      tags: ['signedOut'],
      on: {
        'auth.changed': {
          guard: 'hasUser',
          target: 'loading.fetchingUser',
          actions: assign({ identity: ({ event }) => event.user, signOutReason: null }),
        },
      },
    },
  },
});

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
