import { act, render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { expect } from 'vitest';
import { fromCallback, fromPromise, type AnyActorRef } from 'xstate';

import { AppRoutes } from '@/app/app';
import { AppProviders } from '@/app/providers';
import { SessionContext } from '@/lib/session';
import type { SessionActorRef, SessionEvent } from '@/machines/session.machine';
import { makeStore } from '@/store';
import { ensureApiInstalled } from '@/store/install-api';
import { usersApi } from '@/store/users.api';
import { backendUserJson, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { hiddenInstallBanner, testSessionLogic } from '@/testing/render';

import { deferred, PendingActors, type Deferred } from './model-utils';

/** The whole app, rendered with a fake identity provider and a GET /api/users the test answers. */
export interface SessionApp {
  /** The identity provider reports a change (the fake auth listener's callback). */
  emitAuth: (event: SessionEvent) => void;
  /** Answers the GET /api/users request of the newest backend user read. */
  answerUsersRequest: (answer: Response) => Promise<void>;
  /**
   * The app sends a request (a rename) that the API refuses with this status and error code; the
   * refusal reaches the session the way every API refusal does.
   */
  refuseRequest: (status: number, code: string, message: string) => Promise<void>;
  /** The fake 'logout' activity log and provider sign-out, settled by done/error events. */
  pending: PendingActors;
  session: () => SessionActorRef;
  location: () => string;
  navigate: (to: string) => void;
  unmount: () => void;
}

interface Probes {
  session: SessionActorRef | null;
  navigate: NavigateFunction | null;
  location: string;
}

/** Hands the app's session actor and router to the test. */
function Probe({ report }: { report: (probes: Probes) => void }) {
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(
    () => report({ session, navigate, location: pathname + search }),
    [report, session, navigate, pathname, search],
  );
  return null;
}

/** The backend user read (first read or re-read) the session is running, if any. */
function runningUserRead(session: SessionActorRef): AnyActorRef | undefined {
  const children = session.getSnapshot().children as Record<string, AnyActorRef | undefined>;
  return children.fetchBackendUser ?? children.refreshBackendUser;
}

/**
 * Renders the route table at `route`. Each backend user read the session starts makes one
 * GET /api/users request; the test answers the newest, and reads the session has left behind are
 * never answered (their answer would be ignored anyway).
 */
export function renderSessionApp(route: string): SessionApp {
  const store = makeStore(undefined, {
    apiBaseUrl: TEST_API,
    getToken: () => Promise.resolve('test-token'),
  });
  ensureApiInstalled(store);
  const pending = new PendingActors();
  let emit: ((event: SessionEvent) => void) | null = null;
  const sessionLogic = testSessionLogic(store, { identity: null }).provide({
    actors: {
      authListener: fromCallback<SessionEvent>(({ sendBack }) => {
        emit = sendBack;
        return () => {
          emit = null;
        };
      }),
      logLogout: fromPromise(() => pending.start<void>('logLogout')),
      signOut: fromPromise(() => pending.start<void>('signOut')),
    },
    actions: { reportBackendUserError: () => undefined, reportSignOutError: () => undefined },
  });

  const usersRequests: Deferred<Response>[] = [];
  server.use(
    http.get(`${TEST_API}/api/users`, () => {
      const request = deferred<Response>();
      usersRequests.push(request);
      return request.promise;
    }),
    // Renaming oneself in the account settings succeeds unless a test refuses it.
    http.patch(`${TEST_API}/api/users/me`, async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      return HttpResponse.json(backendUserJson({ name }));
    }),
  );

  let probes: Probes = { session: null, navigate: null, location: route };
  const report = (next: Probes) => {
    probes = next;
  };
  const view = render(
    <AppProviders
      deps={{ store, sessionLogic: sessionLogic, installBannerLogic: hiddenInstallBanner }}
    >
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <Probe report={report} />
      </MemoryRouter>
    </AppProviders>,
  );
  const session = () => probes.session!;

  // Counts the backend user reads the session starts, to know which request is the newest.
  const readsSeen = new Set<AnyActorRef>();
  const countRead = () => {
    const read = runningUserRead(session());
    if (read) readsSeen.add(read);
  };
  countRead();
  const subscription = session().subscribe(countRead);

  return {
    emitAuth: (event) => {
      expect(emit, 'the auth listener is running').not.toBeNull();
      act(() => emit!(event));
    },
    answerUsersRequest: async (answer) => {
      await waitFor(() =>
        expect(usersRequests.length, 'GET /api/users requests made').toBe(readsSeen.size),
      );
      usersRequests.at(-1)!.resolve(answer);
    },
    refuseRequest: async (status, code, message) => {
      server.use(
        http.patch(
          `${TEST_API}/api/users/me`,
          () => HttpResponse.json({ error: { code, message } }, { status }),
          { once: true },
        ),
      );
      await act(async () => {
        const request = store.dispatch(usersApi.endpoints.renameSelf.initiate({ name: 'Ada' }));
        await request.unwrap().catch(() => undefined);
        request.reset();
      });
    },
    pending,
    session,
    location: () => probes.location,
    navigate: (to) => {
      act(() => void probes.navigate!(to));
    },
    unmount: () => {
      subscription.unsubscribe();
      view.unmount();
    },
  };
}
