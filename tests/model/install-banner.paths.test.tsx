import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type StateValue } from 'xstate';

import { InstallBanner } from '@/app/install-banner';
import { InstallBannerContext } from '@/app/install-banner-context';
import {
  IOS_INSTALL_DELAY_MS,
  installBannerMachine,
  type InstallBannerEvent,
  type InstallEventsCommand,
  type PlatformFacts,
} from '@/machines/install-banner.machine';

import {
  buildPaths,
  describePath,
  expectEveryStateReachable,
  expectSameState,
  PendingActors,
  stepsOf,
  withoutPrefixPaths,
  type ModelEvent,
  type ModelPath,
} from './model-utils';

const facts = (overrides: Partial<PlatformFacts>): PlatformFacts => ({
  standalone: false,
  dismissed: false,
  ios: false,
  ...overrides,
});

const IOS_DELAY_EVENT = 'xstate.after.iosDelay.installBanner.ios.waitingForDelay';

const events: ModelEvent[] = [
  { type: 'xstate.done.actor.detectPlatform', output: facts({}) },
  { type: 'xstate.done.actor.detectPlatform', output: facts({ ios: true }) },
  { type: 'xstate.done.actor.detectPlatform', output: facts({ standalone: true }) },
  { type: 'xstate.done.actor.detectPlatform', output: facts({ dismissed: true }) },
  { type: 'xstate.error.actor.detectPlatform', error: { message: 'no window' } },
  { type: IOS_DELAY_EVENT },
  { type: 'install.available' },
  { type: 'install.installed' },
  { type: 'install.accepted' },
  { type: 'install.declined' },
  { type: 'banner.install' },
  { type: 'banner.showInstructions' },
  { type: 'banner.dismiss' },
];

const { shortest, simple } = buildPaths(installBannerMachine, {
  events,
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
});

const BROWSER_EVENTS = new Set([
  'install.available',
  'install.installed',
  'install.accepted',
  'install.declined',
]);

/** The machine with fakes: a pending platform check, a fake browser, recorded effects. */
function fakeLogic(
  pending: PendingActors,
  browser: { send: ((event: InstallBannerEvent) => void) | null },
) {
  const effects = { prompts: 0, instructions: 0, dismissals: 0 };
  const logic = installBannerMachine.provide({
    actors: {
      detectPlatform: fromPromise(() => pending.start<PlatformFacts>('detectPlatform')),
      installEvents: fromCallback<InstallEventsCommand, undefined, InstallBannerEvent>(
        ({ sendBack, receive }) => {
          browser.send = sendBack;
          receive(() => {
            effects.prompts += 1;
          });
          return () => {
            browser.send = null;
          };
        },
      ),
    },
    actions: {
      showIosInstructions: () => {
        effects.instructions += 1;
      },
      rememberDismissal: () => {
        effects.dismissals += 1;
      },
    },
  });
  return { logic, effects };
}

async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function replayOnMachine(path: ModelPath): Promise<StateValue> {
  const pending = new PendingActors();
  const browser: { send: ((event: InstallBannerEvent) => void) | null } = { send: null };
  const { logic, effects } = fakeLogic(pending, browser);
  const actor = createActor(logic).start();
  for (const [index, step] of stepsOf(path).entries()) {
    const event = step.event;
    const where = `step ${index + 1} (${event.type})`;
    if (pending.settle(event)) await settle();
    else if (event.type === IOS_DELAY_EVENT) await settle(IOS_INSTALL_DELAY_MS);
    else if (BROWSER_EVENTS.has(event.type)) {
      expect(browser.send, `${where}: the browser listener is running`).not.toBeNull();
      browser.send!(event as InstallBannerEvent);
    } else actor.send(event as InstallBannerEvent);
    expectSameState(actor.getSnapshot().value, step.state.value, where);
    if (event.type === 'banner.install') expect(effects.prompts, where).toBeGreaterThan(0);
    if (event.type === 'banner.showInstructions')
      expect(effects.instructions, where).toBeGreaterThan(0);
    if (event.type === 'banner.dismiss' || event.type === 'install.declined') {
      expect(effects.dismissals, where).toBe(1);
    }
  }
  return actor.getSnapshot().value;
}

const region = () => screen.queryByRole('region', { name: 'Install app' });

/** Drives the rendered banner: clicks for banner events, the fake browser for the rest. */
async function replayOnScreen(path: ModelPath): Promise<void> {
  const pending = new PendingActors();
  const browser: { send: ((event: InstallBannerEvent) => void) | null } = { send: null };
  const { logic } = fakeLogic(pending, browser);
  render(
    <InstallBannerContext.Provider logic={logic}>
      <InstallBanner />
    </InstallBannerContext.Provider>,
  );
  let dismissWith: 'Later' | 'Close' = 'Later';
  for (const [index, step] of stepsOf(path).entries()) {
    const event = step.event;
    const where = `step ${index + 1} (${event.type})`;
    if (pending.settle(event)) await settle();
    else if (event.type === IOS_DELAY_EVENT) await settle(IOS_INSTALL_DELAY_MS);
    else if (BROWSER_EVENTS.has(event.type)) act(() => browser.send!(event as InstallBannerEvent));
    else if (event.type === 'banner.install')
      fireEvent.click(screen.getByRole('button', { name: 'Install App' }));
    else if (event.type === 'banner.showInstructions') {
      fireEvent.click(screen.getByRole('button', { name: 'Show Instructions' }));
    } else if (event.type === 'banner.dismiss') {
      fireEvent.click(screen.getByRole('button', { name: dismissWith }));
      dismissWith = dismissWith === 'Later' ? 'Close' : 'Later';
    }
    await settle();
    const visible = step.state.hasTag('visible');
    if (visible) expect(region(), `${where}: banner shown`).toBeInTheDocument();
    else expect(region(), `${where}: banner hidden`).not.toBeInTheDocument();
    if (step.state.hasTag('ios')) {
      expect(screen.getByRole('button', { name: 'Show Instructions' }), where).toBeInTheDocument();
    } else if (visible) {
      expect(screen.getByRole('button', { name: 'Install App' }), where).toBeInTheDocument();
    }
  }
}

describe('install banner paths (xstate/graph)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reaches every state', () => {
    expectEveryStateReachable(installBannerMachine, shortest);
  });

  for (const [kind, paths] of [
    ['shortest', shortest],
    ['simple', simple],
  ] as const) {
    describe(`${kind} paths on the machine`, () => {
      paths.forEach((path, index) => {
        const name = describePath('installBanner', kind, index, path);
        it(name, async () => {
          console.log(name);
          expect(await replayOnMachine(path)).toEqual(path.state.value);
        });
      });
    });

    describe(`${kind} paths on the rendered banner`, () => {
      (kind === 'simple' ? withoutPrefixPaths(paths) : paths).forEach((path, index) => {
        it(describePath('installBanner', `${kind} (screen)`, index, path), async () => {
          await replayOnScreen(path);
        });
      });
    });
  }
});
