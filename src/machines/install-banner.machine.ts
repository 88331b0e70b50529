import { fromCallback, fromPromise, sendTo, setup } from 'xstate';

/** The iOS install hint appears after 1 second. */
export const IOS_INSTALL_DELAY_MS = 1000;

export const INSTALL_TEXTS = {
  iosInstructions:
    "To install this app on your iPhone or iPad: tap the Share button, then 'Add to Home Screen'.",
} as const;

/** Facts about the browser, read once at start. */
export interface PlatformFacts {
  /** The app already runs as an installed app (display-mode standalone). */
  standalone: boolean;
  /** The banner was dismissed earlier in this browser session. */
  dismissed: boolean;
  ios: boolean;
}

export type InstallBannerEvent =
  /** From the browser: beforeinstallprompt. */
  | { type: 'install.available' }
  /** From the browser: appinstalled. */
  | { type: 'install.installed' }
  /** The outcome of the browser's install prompt. */
  | { type: 'install.accepted' }
  | { type: 'install.declined' }
  | { type: 'banner.install' }
  | { type: 'banner.showInstructions' }
  | { type: 'banner.dismiss' };

/** Sent to the installEvents actor, which holds the browser's deferred prompt. */
export type InstallEventsCommand = { type: 'install.prompt' };

export const installBannerMachine = setup({
  types: {
    events: {} as InstallBannerEvent,
  },
  actors: {
    detectPlatform: fromPromise<PlatformFacts>(() =>
      Promise.resolve({ standalone: false, dismissed: false, ios: false }),
    ),
    /** Listens for beforeinstallprompt/appinstalled; on 'install.prompt' shows the prompt. */
    installEvents: fromCallback<InstallEventsCommand, undefined, InstallBannerEvent>(
      () => () => undefined,
    ),
  },
  actions: {
    showIosInstructions: () => undefined,
    rememberDismissal: () => undefined,
    requestPrompt: sendTo('installEvents', {
      type: 'install.prompt',
    } satisfies InstallEventsCommand),
  },
  delays: {
    iosDelay: IOS_INSTALL_DELAY_MS,
  },
  guards: {
    staysHidden: ({ event }) =>
      'output' in event &&
      Boolean(
        (event.output as PlatformFacts).standalone || (event.output as PlatformFacts).dismissed,
      ),
    isIos: ({ event }) => 'output' in event && (event.output as PlatformFacts).ios,
  },
}).createMachine({
  id: 'installBanner',
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'detectPlatform',
        src: 'detectPlatform',
        onDone: [
          { guard: 'staysHidden', target: 'hidden' },
          { guard: 'isIos', target: 'ios' },
          { target: 'watching' },
        ],
        onError: 'hidden',
      },
    },
    watching: {
      invoke: { id: 'installEvents', src: 'installEvents' },
      on: { 'install.installed': 'installed' },
      initial: 'waitingForOffer',
      states: {
        waitingForOffer: {
          on: { 'install.available': 'available' },
        },
        available: {
          tags: ['visible'],
          on: {
            'banner.install': { target: 'prompting', actions: 'requestPrompt' },
            'banner.dismiss': '#installBanner.dismissed',
          },
        },
        prompting: {
          tags: ['visible'],
          on: {
            'install.accepted': '#installBanner.installed',
            'install.declined': '#installBanner.dismissed',
          },
        },
      },
    },
    ios: {
      initial: 'waitingForDelay',
      states: {
        waitingForDelay: {
          after: { iosDelay: 'instructionsOffered' },
        },
        instructionsOffered: {
          tags: ['visible', 'ios'],
          on: {
            'banner.showInstructions': { actions: 'showIosInstructions' },
            'banner.dismiss': '#installBanner.dismissed',
          },
        },
      },
    },
    dismissed: { entry: 'rememberDismissal', type: 'final' },
    installed: { type: 'final' },
    hidden: { type: 'final' },
  },
});
