import { assign, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';

/** The identity provider's user (seed §3), as plain data. */
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

/** The backend user record read after sign-in (seed §3). */
export interface BackendUserRecord {
  id: string | null;
  email: string | null;
  name: string | null;
  role: string | null;
  modules: string[];
}

/** The merged current user the views read. */
export interface CurrentUser extends IdentityUser {
  /** The backend name, falling back to the identity provider's display name (seed §3). */
  displayName: string | null;
  /** null when the backend user could not be loaded (seed §4). */
  role: string | null;
  modules: string[];
  backendId: string | null;
}

/** Seed §3/§4: merge the identity user with the backend record, or use it plainly without a role. */
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
}

export type SessionEvent =
  /** From the identity provider's auth-state listener. */
  | { type: 'auth.changed'; user: IdentityUser | null }
  | { type: 'session.signOut' }
  /** Re-read the backend user (after a profile change). */
  | { type: 'session.refresh' };

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
    /** Forget the session flag (seed §4). */
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
    isAnotherUser: ({ context, event }) =>
      event.type === 'auth.changed' &&
      event.user !== null &&
      event.user.uid !== context.identity?.uid,
  },
}).createMachine({
  id: 'session',
  context: { identity: null, user: null },
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
            onError: {
              target: '#session.signedIn',
              actions: [
                { type: 'reportBackendUserError', params: ({ event }) => ({ error: event.error }) },
                assign({ user: ({ context }) => mergeUser(context.identity!, null) }),
              ],
            },
          },
          on: {
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
                actions: assign({ identity: null, user: null }),
              },
            ],
          },
        },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      entry: { type: 'recordSignIn', params: ({ context }) => ({ user: context.user! }) },
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
            onError: {
              target: 'ready',
              actions: {
                type: 'reportBackendUserError',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
      },
      on: {
        'session.signOut': 'signingOut',
        'auth.changed': [
          {
            guard: 'isAnotherUser',
            target: '#session.loading.fetchingUser',
            actions: assign({ identity: ({ event }) => event.user, user: null }),
          },
          { guard: 'hasUser' },
          {
            target: 'signedOut',
            actions: ['clearSignInFlag', assign({ identity: null, user: null })],
          },
        ],
      },
    },
    signingOut: {
      tags: ['signingOut'],
      initial: 'loggingLogout',
      states: {
        /** Seed §4: sign-out logs a 'logout' activity while the token is still valid. */
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
          actions: assign({ identity: ({ event }) => event.user }),
        },
      },
    },
  },
});

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
