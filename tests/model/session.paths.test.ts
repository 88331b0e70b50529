import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate';

import { canSeeSettings, hasModule, userLabel } from '@/lib/session';
import { NAV_ITEMS } from '@/app/layout/sidebar';
import {
  sessionMachine,
  type BackendUserRecord,
  type IdentityUser,
  type SessionContext,
  type SessionEvent,
} from '@/machines/session.machine';
import { backendUser, backendUserJson, identityUser } from '@/testing/factories';

import {
  buildPaths,
  describePath,
  expectEveryStateReachable,
  expectSameState,
  flush,
  pathsCoveringTransitions,
  PendingActors,
  stepsOf,
  type ModelEvent,
  type ModelPath,
} from './model-utils';
import { renderSessionApp, type SessionApp } from './session-app';

const ada = identityUser();
const grace = identityUser({ uid: 'uid-grace', email: 'grace@example.com', displayName: 'Grace' });

/**
 * Errors are plain objects: the graph walker copies events as JSON, which would drop an Error's
 * fields. A refusal has RTK Query's shape, as GET /api/users answered it.
 */
const refusedWith = (code: string, message: string) => ({
  status: 401,
  data: { error: { code, message } },
});

const events: ModelEvent[] = [
  { type: 'auth.changed', user: ada },
  { type: 'auth.changed', user: grace },
  { type: 'auth.changed', user: null },
  // The provider ended the session itself (account disabled while its token was refreshed).
  { type: 'auth.changed', user: null, reason: 'This account has been disabled.' },
  { type: 'xstate.done.actor.fetchBackendUser', output: backendUser() },
  { type: 'xstate.error.actor.fetchBackendUser', error: { message: 'HTML instead of JSON' } },
  {
    type: 'xstate.error.actor.fetchBackendUser',
    error: refusedWith('token_revoked', 'The token was revoked.'),
  },
  // A 403 only costs the role: the first read goes on without one. (On a re-read the app also
  // re-reads the user for the refusal, which this model leaves to the api.forbidden event.)
  {
    type: 'xstate.error.actor.fetchBackendUser',
    error: { status: 403, data: { error: { code: 'forbidden', message: 'Not allowed.' } } },
  },
  { type: 'xstate.done.actor.refreshBackendUser', output: backendUser({ name: 'Renamed' }) },
  { type: 'xstate.error.actor.refreshBackendUser', error: { message: 'Internal error' } },
  {
    type: 'xstate.error.actor.refreshBackendUser',
    error: refusedWith('user_disabled', 'Disabled.'),
  },
  { type: 'xstate.done.actor.logLogout', output: undefined },
  { type: 'xstate.error.actor.logLogout', error: { message: 'log failed' } },
  { type: 'xstate.done.actor.signOut', output: undefined },
  { type: 'xstate.error.actor.signOut', error: { message: 'sign-out failed' } },
  { type: 'session.signOut' },
  { type: 'session.refresh' },
  { type: 'api.unauthorized', reason: 'Your session has ended. Sign in again.' },
  { type: 'api.forbidden', module: 'portfolio' },
];

const serializeState = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    uid: (snapshot.context as SessionContext).identity?.uid ?? null,
    role: (snapshot.context as SessionContext).user?.role ?? null,
    reason: (snapshot.context as SessionContext).signOutReason !== null,
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

/** The session machine with fake actors the path settles, to know the exact expected snapshot. */
function startMirror() {
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
  const send = (event: EventObject) => {
    if (pending.settle(event)) return;
    if (event.type === 'auth.changed') {
      expect(emit, 'the auth listener is running').not.toBeNull();
      emit!(event as SessionEvent);
    } else {
      actor.send(event as SessionEvent);
    }
  };
  return { actor, send };
}

/** What GET /api/users answers for a backend user read's done or error event. */
function usersAnswer(event: EventObject): Response {
  const record = event as EventObject & {
    output?: BackendUserRecord;
    error?: { status?: number; data?: unknown; message?: string };
  };
  if (event.type.startsWith('xstate.done.')) {
    return HttpResponse.json([backendUserJson(record.output)]);
  }
  const error = record.error ?? {};
  if (typeof error.status === 'number') {
    return HttpResponse.json(error.data as object, { status: error.status });
  }
  if (error.message?.includes('HTML')) {
    // The address points at the SPA server, which answers its index page.
    return new HttpResponse('<!doctype html><html></html>', {
      headers: { 'content-type': 'text/html' },
    });
  }
  return HttpResponse.json(
    { error: { code: 'internal', message: error.message ?? 'Server error' } },
    { status: 500 },
  );
}

/**
 * The user opens their account settings from the top bar, saves a new display name (the app then
 * re-reads the backend user) and goes back to the dashboard.
 */
async function renameInAccountSettings(): Promise<void> {
  fireEvent.click(screen.getByLabelText(/^Profile: /));
  fireEvent.change(await screen.findByLabelText('Display name'), {
    target: { value: 'Ada Renamed' },
  });
  fireEvent.click(screen.getByText('Save name', { selector: 'button' }));
  await screen.findByText('Your name was saved.');
  fireEvent.click(within(mainNav() as HTMLElement).getByText('Dashboard'));
}

/** Sends a path's event the way it happens in the app: a user action, the provider or the API. */
async function sendToApp(app: SessionApp, event: EventObject): Promise<void> {
  if (/^xstate\.(done|error)\.actor\.(fetchBackendUser|refreshBackendUser)$/.test(event.type)) {
    await app.answerUsersRequest(usersAnswer(event));
    return;
  }
  if (app.pending.settle(event)) return;
  switch (event.type) {
    case 'auth.changed':
      app.emitAuth(event as SessionEvent);
      return;
    case 'session.signOut':
      fireEvent.click(logoutButton()!);
      return;
    case 'session.refresh':
      await renameInAccountSettings();
      return;
    case 'api.unauthorized':
      await app.refuseRequest(401, 'token_revoked', 'The token was revoked.');
      return;
    case 'api.forbidden':
      await app.refuseRequest(
        403,
        'module_not_enabled',
        "The 'portfolio' module is not enabled for your account.",
      );
      return;
    default:
      throw new Error(`No way to send ${event.type} to the app`);
  }
}

// Role queries walk the whole accessibility tree; these checks run after every step, so they
// find elements by their text and tag instead.
const heading = (text: string) => screen.queryByText(text, { selector: 'h1' });
const logoutButton = () => screen.queryByText('Logout', { selector: 'button > span' });
const mainNav = () => screen.queryByLabelText('Main', { selector: 'nav' });

/** Fails with the step and what was looked for when `shown` is not what is on the screen. */
function expectOnScreen(element: Element | null, shown: boolean, what: string, where: string) {
  expect(element !== null, `${where}: ${what} ${shown ? 'shown' : 'hidden'}`).toBe(shown);
}

/** The signed-in layout: the user's name, the Logout button and the links the user may open. */
function expectSignedInLayout(context: SessionContext, where: string) {
  const user = context.user;
  const label = `Profile: ${userLabel(user)}`;
  expectOnScreen(heading('Dashboard'), true, "the 'Dashboard' heading", where);
  expectOnScreen(screen.queryByLabelText(label), true, `the '${label}' link`, where);
  expectOnScreen(logoutButton(), true, "the 'Logout' button", where);
  const nav = within(mainNav() as HTMLElement);
  for (const item of NAV_ITEMS) {
    const shown = !item.module || hasModule(user, item.module);
    expectOnScreen(nav.queryByText(item.label), shown, `the '${item.label}' link`, where);
  }
  const settings = screen.queryByText('Settings', { selector: 'a > span' });
  expectOnScreen(settings, canSeeSettings(user), "the 'Settings' link", where);
}

/** What a user sees for a snapshot of the session. */
function expectAppShows(app: SessionApp, snapshot: AnyMachineSnapshot, where: string) {
  const context = snapshot.context as SessionContext;
  const onLogin = app.location() === '/login';
  if (snapshot.hasTag('signedIn')) {
    expect(app.location(), `${where}: location`).toBe('/dashboard');
    expectSignedInLayout(context, where);
    return;
  }
  // Waiting for the provider, or reading the user of a visit that did not start on /login.
  if (snapshot.matches({ loading: 'waitingForAuth' }) || (snapshot.hasTag('loading') && !onLogin)) {
    expectOnScreen(screen.queryByText('Loading...'), true, "the 'Loading...' spinner", where);
    expectOnScreen(heading('Sign in'), false, "the 'Sign in' heading", where);
    expectOnScreen(mainNav(), false, 'the main navigation', where);
    return;
  }
  // Signing out: the sign-in page waits until the provider has forgotten the user.
  if (snapshot.hasTag('signingOut')) {
    expect(app.location(), `${where}: location`).toBe('/login');
    expectOnScreen(screen.queryByText('Signing out…'), true, "the 'Signing out…' status", where);
    expectOnScreen(heading('Sign in'), false, "the 'Sign in' heading", where);
    expectOnScreen(mainNav(), false, 'the main navigation', where);
    return;
  }
  // Signed out, or signing in from the sign-in page.
  expect(app.location(), `${where}: location`).toBe('/login');
  expectOnScreen(heading('Sign in'), true, "the 'Sign in' heading", where);
  expectOnScreen(mainNav(), false, 'the main navigation', where);
  const alert = document.querySelector('[role="alert"]');
  expectOnScreen(alert, context.signOutReason !== null, 'the sign-in reason', where);
  if (context.signOutReason) expect(alert, where).toHaveTextContent(context.signOutReason);
}

/** A signed-in user without the portfolio module who opens it sees why, then goes back. */
async function expectPortfolioNotEnabled(app: SessionApp, where: string) {
  app.navigate('/portfolio');
  expect(
    await screen.findByText(/Portfolio is not enabled for your account/),
    where,
  ).toBeInTheDocument();
  app.navigate('/dashboard');
  await waitFor(() => expect(heading('Dashboard')).toBeInTheDocument());
}

/** Drives the rendered app through a path and checks the screen after every step. */
async function replayOnScreen(path: ModelPath): Promise<void> {
  const mirror = startMirror();
  const app = renderSessionApp('/dashboard');
  await waitFor(() => expectAppShows(app, mirror.actor.getSnapshot(), 'start'));
  for (const [index, step] of stepsOf(path).entries()) {
    const where = `step ${index + 1} (${step.event.type})`;
    mirror.send(step.event);
    await sendToApp(app, step.event);
    await flush();
    const expected = mirror.actor.getSnapshot();
    expectSameState(expected.value, step.state.value, `${where} on the machine`);
    await waitFor(() => {
      expectSameState(app.session().getSnapshot().value, step.state.value, `${where} in the app`);
      expectAppShows(app, expected, where);
    });
    const user = (expected.context as SessionContext).user;
    if (expected.hasTag('signedIn') && !hasModule(user, 'portfolio')) {
      await expectPortfolioNotEnabled(app, where);
    }
  }
  app.unmount();
  mirror.actor.stop();
}

/** Replays a path on the machine alone (fake actors), checking the state after every step. */
async function replayOnMachine(path: ModelPath): Promise<void> {
  const mirror = startMirror();
  for (const [index, step] of stepsOf(path).entries()) {
    mirror.send(step.event);
    await flush();
    expectSameState(
      mirror.actor.getSnapshot().value,
      step.state.value,
      `step ${index + 1} (${step.event.type})`,
    );
  }
  mirror.actor.stop();
}

describe('session machine paths (xstate/graph)', () => {
  it('reaches every state', () => {
    expectEveryStateReachable(sessionMachine, shortest);
  });

  describe('simple paths on the machine', () => {
    simple.forEach((path, index) => {
      it(describePath('session', 'simple', index, path), async () => {
        await replayOnMachine(path);
      });
    });
  });

  // Rendering the app takes far longer than running the machine: the screen replays every
  // shortest path (each state) and the fewest simple paths that still take every transition.
  for (const [kind, paths] of [
    ['shortest', shortest],
    ['simple', pathsCoveringTransitions(simple, serializeState)],
  ] as const) {
    describe(`${kind} paths on the rendered app`, () => {
      paths.forEach((path, index) => {
        it(describePath('session', `${kind} (screen)`, index, path), async () => {
          await replayOnScreen(path);
        });
      });
    });
  }
});
