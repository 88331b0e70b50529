import { fromCallback, fromPromise } from 'xstate';

import type { ActivityInput } from '@/store/activity-logger';
import { describeBackendUserError } from '@/lib/backend-user-error';
import { loadFirebase, takeProviderSignOutReason, toIdentityUser } from '@/lib/firebase';
import { maySignedInUserExist } from '@/lib/persisted-session';
import { forgetOfflineData } from '@/lib/offline-data';
import { claimFirstSignIn, clearFirstSignIn } from '@/lib/session-flag';
import {
  sessionMachine,
  type BackendUserRecord,
  type IdentityUser,
  type SessionEvent,
} from '@/machines/session.machine';
import type { AppStore } from '@/store';

/**
 * Fetches the backend user through the RTK Query endpoint (force-refreshed token). RTK Query is
 * loaded on demand, after sign-in, so it is not part of the login route.
 */
export async function fetchBackendUser(
  store: AppStore,
  identity: IdentityUser,
): Promise<BackendUserRecord> {
  if (!identity.email) throw new Error('The signed-in account has no email address.');
  const [{ ensureApiInstalled }, { usersApi }] = await Promise.all([
    import('@/store/install-api'),
    import('@/store/users.api'),
  ]);
  ensureApiInstalled(store);
  const request = store.dispatch(
    usersApi.endpoints.getBackendUser.initiate({ email: identity.email }, { forceRefetch: true }),
  );
  try {
    return await request.unwrap();
  } catch (error) {
    throw describeBackendUserError(error);
  } finally {
    request.unsubscribe();
  }
}

/**
 * Starts fetching what restoring a stored session needs (the identity SDK, the API client and the
 * user endpoint), all at once, before the session machine asks for them one after another.
 */
export function preloadSessionRestore(): void {
  const settle = () => undefined;
  loadFirebase().catch(settle);
  import('@/store/install-api').catch(settle);
  import('@/store/users.api').catch(settle);
}

/** How long sign-out waits for the logout to be logged before signing out regardless. */
const LOGOUT_LOG_WAIT_MS = 3_000;

async function logActivityLater(store: AppStore, input: ActivityInput): Promise<void> {
  const { logActivity } = await import('@/store/activity-logger');
  await logActivity(store, input);
}

/** The session machine with its real edges: Firebase Auth, the store and sessionStorage. */
export function createSessionLogic(store: AppStore) {
  return sessionMachine.provide({
    actors: {
      authListener: fromCallback<SessionEvent>(({ sendBack }) => {
        let unsubscribe: (() => void) | undefined;
        let stopped = false;
        loadFirebase().then(
          ({ firebaseAuth, onAuthStateChanged }) => {
            if (stopped) return;
            unsubscribe = onAuthStateChanged(firebaseAuth(), (user) =>
              sendBack(
                user
                  ? { type: 'auth.changed', user: toIdentityUser(user) }
                  : { type: 'auth.changed', user: null, reason: takeProviderSignOutReason() },
              ),
            );
          },
          (error: unknown) => {
            // Without the SDK nobody can be signed in; the sign-in form reports the failure.
            console.error('Could not load Firebase Auth', error);
            sendBack({ type: 'auth.changed', user: null });
          },
        );
        return () => {
          stopped = true;
          unsubscribe?.();
        };
      }),
      fetchBackendUser: fromPromise(({ input }) => fetchBackendUser(store, input.identity)),
      // A slow or unreachable API must not keep the user signed in: the log gets a few seconds.
      logLogout: fromPromise(() =>
        Promise.race([
          logActivityLater(store, { action: 'logout' }),
          new Promise<void>((resolve) => setTimeout(resolve, LOGOUT_LOG_WAIT_MS)),
        ]),
      ),
      signOut: fromPromise(async () => {
        const { firebaseAuth, signOut } = await loadFirebase();
        await signOut(firebaseAuth());
      }),
    },
    guards: {
      // Read once, before the first render: a first visit paints the sign-in page without waiting
      // for the Firebase SDK (docs/decisions/0006-login-first-paint.md).
      nobodyCanBeSignedIn: () => !maySignedInUserExist(),
    },
    actions: {
      recordSignIn: () => {
        if (claimFirstSignIn()) void logActivityLater(store, { action: 'login' });
      },
      clearSignInFlag: () => {
        clearFirstSignIn();
        forgetOfflineData();
        // Whoever signs in next in this tab never sees the previous user's cached answers. The
        // API slice loads with the signed-in screens, so the login route does not pay for it.
        void import('@/store/api').then(({ api }) => store.dispatch(api.util.resetApiState()));
      },
      reportBackendUserError: (_, params) => {
        console.error(
          'Could not load the backend user; using the identity user without a role.',
          params.error instanceof Error ? params.error.message : params.error,
        );
      },
    },
  });
}
