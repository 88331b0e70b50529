import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';

import {
  installBannerMachine,
  type InstallBannerEvent,
  type InstallEventsCommand,
  type PlatformFacts,
} from './install-banner.machine';

function harness(facts: Partial<PlatformFacts> = {}) {
  let browser: ((event: InstallBannerEvent) => void) | null = null;
  const prompts = vi.fn();
  const showIosInstructions = vi.fn();
  const rememberDismissal = vi.fn();
  const actor = createActor(
    installBannerMachine.provide({
      actors: {
        detectPlatform: fromPromise(() =>
          Promise.resolve({ standalone: false, dismissed: false, ios: false, ...facts }),
        ),
        installEvents: fromCallback<InstallEventsCommand, undefined, InstallBannerEvent>(
          ({ sendBack, receive }) => {
            browser = sendBack;
            receive(prompts);
            return () => {
              browser = null;
            };
          },
        ),
      },
      actions: { showIosInstructions, rememberDismissal },
    }),
  ).start();
  return {
    actor,
    browser: (event: InstallBannerEvent) => browser?.(event),
    prompts,
    showIosInstructions,
    rememberDismissal,
  };
}

const visible = (h: ReturnType<typeof harness>) => h.actor.getSnapshot().hasTag('visible');

describe('install banner machine', () => {
  afterEach(() => vi.useRealTimers());

  it('shows when the browser offers installation, and Install App asks for the prompt', async () => {
    const h = harness();
    await waitFor(h.actor, (s) => s.matches({ watching: 'waitingForOffer' }));
    expect(visible(h)).toBe(false);
    h.browser({ type: 'install.available' });
    expect(visible(h)).toBe(true);
    h.actor.send({ type: 'banner.install' });
    expect(h.prompts).toHaveBeenCalledWith({ type: 'install.prompt' });
    h.browser({ type: 'install.accepted' });
    expect(h.actor.getSnapshot().value).toBe('installed');
  });

  it('is hidden when running standalone or dismissed earlier this session', async () => {
    for (const facts of [{ standalone: true }, { dismissed: true }]) {
      const h = harness(facts);
      await waitFor(h.actor, (s) => s.matches('hidden'));
      expect(visible(h)).toBe(false);
    }
  });

  it('Later remembers the dismissal for the session', async () => {
    const h = harness();
    await waitFor(h.actor, (s) => s.matches({ watching: 'waitingForOffer' }));
    h.browser({ type: 'install.available' });
    h.actor.send({ type: 'banner.dismiss' });
    expect(h.actor.getSnapshot().value).toBe('dismissed');
    expect(h.rememberDismissal).toHaveBeenCalledTimes(1);
  });

  it('hides once the app is installed', async () => {
    const h = harness();
    await waitFor(h.actor, (s) => s.matches({ watching: 'waitingForOffer' }));
    h.browser({ type: 'install.available' });
    h.browser({ type: 'install.installed' });
    expect(h.actor.getSnapshot().value).toBe('installed');
  });

  it('on iOS shows after 1 second and Show Instructions alerts', async () => {
    vi.useFakeTimers();
    const h = harness({ ios: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.actor.getSnapshot().matches({ ios: 'waitingForDelay' })).toBe(true);
    vi.advanceTimersByTime(999);
    expect(visible(h)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(visible(h)).toBe(true);
    h.actor.send({ type: 'banner.showInstructions' });
    expect(h.showIosInstructions).toHaveBeenCalledTimes(1);
    h.actor.send({ type: 'banner.dismiss' });
    expect(h.actor.getSnapshot().value).toBe('dismissed');
  });
});
