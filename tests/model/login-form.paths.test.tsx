import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  type AnyMachineSnapshot,
  type EventObject,
  type StateValue,
} from 'xstate';

import { LoginForm } from '@/features/auth/login-form';
import {
  LOGIN_TEXTS,
  loginFormMachine,
  type LoginFormContext,
  type LoginFormEvent,
} from '@/machines/login-form.machine';

import {
  buildPaths,
  describePath,
  expectEveryStateReachable,
  expectSameState,
  flush,
  PendingActors,
  stepsOf,
  withoutPrefixPaths,
  type ModelEvent,
  type ModelPath,
} from './model-utils';

/** Plain objects: the graph walker copies events as JSON, which would drop an Error's fields. */
const authError = (code: string) => ({ code, message: `Firebase: Error (${code}).` });

const events: ModelEvent[] = [
  { type: 'field.change', field: 'email', value: 'ada@example.com' },
  { type: 'form.submit' },
  { type: 'password.reset' },
  { type: 'google.signIn' },
  { type: 'redirect.failed', error: authError('auth/network-request-failed') },
  { type: 'xstate.done.actor.signInWithPassword', output: undefined },
  { type: 'xstate.error.actor.signInWithPassword', error: authError('auth/wrong-password') },
  { type: 'xstate.done.actor.sendPasswordReset', output: undefined },
  { type: 'xstate.error.actor.sendPasswordReset', error: authError('auth/invalid-email') },
  { type: 'xstate.done.actor.signInWithGooglePopup', output: undefined },
  { type: 'xstate.error.actor.signInWithGooglePopup', error: authError('auth/popup-blocked') },
  { type: 'xstate.error.actor.signInWithGooglePopup', error: { message: 'Account picker failed' } },
  { type: 'xstate.done.actor.signInWithGoogleRedirect', output: undefined },
  { type: 'xstate.error.actor.signInWithGoogleRedirect', error: { message: '' } },
];

/**
 * Vertices: the state, whether an email is typed, and which kind of message shows (an error, or
 * which notice). Keeping the exact error text out keeps the number of simple paths finite and small.
 */
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as LoginFormContext;
  return JSON.stringify({
    value: snapshot.value,
    typed: context.email !== '',
    message: context.error !== null ? 'error' : context.notice,
  });
};

const { shortest } = buildPaths(loginFormMachine, { events, serializeState });
// Simple paths ignore whether an email is typed: every transition is still taken, in far fewer paths.
const { simple } = buildPaths(loginFormMachine, {
  events,
  serializeState: (snapshot) => {
    const context = snapshot.context as LoginFormContext;
    return JSON.stringify({
      value: snapshot.value,
      message: context.error !== null ? 'error' : context.notice,
    });
  },
});

function fakeLogic(pending: PendingActors) {
  return loginFormMachine.provide({
    actors: {
      signInWithPassword: fromPromise(() => pending.start<void>('signInWithPassword')),
      sendPasswordReset: fromPromise(() => pending.start<void>('sendPasswordReset')),
      signInWithGooglePopup: fromPromise(() => pending.start<void>('signInWithGooglePopup')),
      signInWithGoogleRedirect: fromPromise(() => pending.start<void>('signInWithGoogleRedirect')),
    },
  });
}

async function replayOnMachine(path: ModelPath): Promise<StateValue> {
  const pending = new PendingActors();
  const actor = createActor(fakeLogic(pending)).start();
  for (const [index, step] of stepsOf(path).entries()) {
    if (!pending.settle(step.event)) actor.send(step.event as LoginFormEvent);
    await flush();
    expectSameState(
      actor.getSnapshot().value,
      step.state.value,
      `step ${index + 1} (${step.event.type})`,
    );
  }
  return actor.getSnapshot().value;
}

/** What the rendered form must show in a snapshot of the machine. */
function expectFormShows(snapshot: AnyMachineSnapshot, where: string) {
  const context = snapshot.context as LoginFormContext;
  const busy = snapshot.hasTag('busy');
  const button = screen.getByRole('button', { name: busy ? 'Signing in...' : 'Sign in' });
  expect(button.hasAttribute('disabled'), `${where}: button disabled`).toBe(busy);
  expect(
    (screen.getByLabelText('Email') as HTMLInputElement).disabled,
    `${where}: email disabled`,
  ).toBe(busy);
  if (context.error) expect(screen.getByRole('alert'), where).toHaveTextContent(context.error);
  else expect(screen.queryByRole('alert'), where).not.toBeInTheDocument();
  if (context.notice) expect(screen.getByText(context.notice), where).toBeInTheDocument();
}

/** Drives the rendered LoginForm through a path: user actions for user events, fakes for the rest. */
async function replayOnScreen(path: ModelPath): Promise<void> {
  // A mirror actor gives the exact expected snapshot (the graph keeps one snapshot per vertex, so
  // a step's recorded context can come from another path that reached the same vertex).
  const mirrorPending = new PendingActors();
  const mirror = createActor(fakeLogic(mirrorPending)).start();
  const pending = new PendingActors();
  let redirectResult: PendingActors | null = new PendingActors();
  const view = render(
    <MemoryRouter>
      <LoginForm
        logic={fakeLogic(pending)}
        completeRedirect={() => redirectResult!.start<unknown>('redirect')}
      />
    </MemoryRouter>,
  );
  await flush();
  for (const [index, step] of stepsOf(path).entries()) {
    const event = step.event as LoginFormEvent | EventObject;
    const where = `step ${index + 1} (${event.type})`;
    if (!mirrorPending.settle(event)) mirror.send(event as LoginFormEvent);
    if (!pending.settle(event)) {
      switch (event.type) {
        case 'field.change': {
          const { field, value } = event as Extract<LoginFormEvent, { type: 'field.change' }>;
          fireEvent.change(screen.getByLabelText(field === 'email' ? 'Email' : 'Password'), {
            target: { value },
          });
          break;
        }
        case 'form.submit':
          fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
          break;
        case 'password.reset': {
          // The link asks first; the email goes only once the confirmation is pressed.
          fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
          const confirm = screen.queryByRole('button', { name: 'Send reset email' });
          if (confirm) fireEvent.click(confirm);
          break;
        }
        case 'google.signIn':
          fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
          break;
        case 'redirect.failed': {
          // The page learns of a failed redirect once, when it loads.
          expect(redirectResult, `${where}: the redirect result is read once`).not.toBeNull();
          redirectResult!.settle({
            type: 'xstate.error.actor.redirect',
            error: (event as Extract<LoginFormEvent, { type: 'redirect.failed' }>).error,
          } as EventObject);
          redirectResult = null;
          break;
        }
        default:
          throw new Error(`No user action for ${event.type}`);
      }
    }
    await flush();
    expectSameState(mirror.getSnapshot().value, step.state.value, where);
    expectFormShows(mirror.getSnapshot(), where);
  }
  mirror.stop();
  view.unmount();
}

describe('login form paths (xstate/graph)', () => {
  it('reaches every state', () => {
    expectEveryStateReachable(loginFormMachine, shortest);
  });

  it('covers the pinned notice texts', () => {
    const notices = new Set(
      shortest.map((path) => (path.state.context as LoginFormContext).notice),
    );
    expect(notices).toContain(LOGIN_TEXTS.resetSent);
    expect(notices).toContain(LOGIN_TEXTS.popupFallback);
  });

  for (const [kind, paths] of [
    ['shortest', shortest],
    ['simple', simple],
  ] as const) {
    describe(`${kind} paths on the machine`, () => {
      paths.forEach((path, index) => {
        const name = describePath('loginForm', kind, index, path);
        it(name, async () => {
          console.log(name);
          expect(await replayOnMachine(path)).toEqual(path.state.value);
        });
      });
    });

    describe(`${kind} paths on the rendered form`, () => {
      // Simple paths that are prefixes of longer ones are replayed on the way by the longer ones.
      (kind === 'simple' ? withoutPrefixPaths(paths) : paths)
        // The form reads a failed Google redirect once, on load; paths with two are machine-only.
        .filter(
          (path) =>
            stepsOf(path).filter((step) => step.event.type === 'redirect.failed').length <= 1,
        )
        .forEach((path, index) => {
          const name = describePath('loginForm', `${kind} (screen)`, index, path);
          it(name, async () => {
            await replayOnScreen(path);
          });
        });
    });
  }
});
