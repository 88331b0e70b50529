import { fromCallback, fromPromise } from 'xstate';

import {
  INSTALL_TEXTS,
  installBannerMachine,
  type InstallBannerEvent,
  type InstallEventsCommand,
  type PlatformFacts,
} from '@/machines/install-banner.machine';

export const INSTALL_DISMISSED_KEY = 'bidwright.installBannerDismissed';

/** The browser's install prompt event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export function isIosDevice(nav: Navigator = navigator): boolean {
  const ua = nav.userAgent;
  // iPadOS reports itself as a Mac with touch.
  return /iphone|ipad|ipod/i.test(ua) || (/macintosh/i.test(ua) && nav.maxTouchPoints > 1);
}

export function isStandalone(win: Window = window): boolean {
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (win.matchMedia?.('(display-mode: standalone)').matches ?? false);
}

export function readPlatformFacts(win: Window = window): PlatformFacts {
  let dismissed = false;
  try {
    dismissed = win.sessionStorage.getItem(INSTALL_DISMISSED_KEY) === 'true';
  } catch {
    dismissed = false;
  }
  return { standalone: isStandalone(win), dismissed, ios: isIosDevice(win.navigator) };
}

/** The install banner machine with its real edges: window events, sessionStorage and alert. */
export function createInstallBannerLogic(win: Window = window) {
  return installBannerMachine.provide({
    actors: {
      detectPlatform: fromPromise(() => Promise.resolve(readPlatformFacts(win))),
      installEvents: fromCallback<InstallEventsCommand, undefined, InstallBannerEvent>(
        ({ sendBack, receive }) => {
          let deferred: BeforeInstallPromptEvent | null = null;
          const onOffer = (event: Event) => {
            event.preventDefault();
            deferred = event as BeforeInstallPromptEvent;
            sendBack({ type: 'install.available' });
          };
          const onInstalled = () => sendBack({ type: 'install.installed' });
          win.addEventListener('beforeinstallprompt', onOffer);
          win.addEventListener('appinstalled', onInstalled);
          receive((command) => {
            if (command.type !== 'install.prompt' || !deferred) return;
            const offer = deferred;
            deferred = null;
            void offer
              .prompt()
              .then(() => offer.userChoice)
              .then(({ outcome }) =>
                sendBack({
                  type: outcome === 'accepted' ? 'install.accepted' : 'install.declined',
                }),
              )
              .catch(() => sendBack({ type: 'install.declined' }));
          });
          return () => {
            win.removeEventListener('beforeinstallprompt', onOffer);
            win.removeEventListener('appinstalled', onInstalled);
          };
        },
      ),
    },
    actions: {
      showIosInstructions: () => win.alert(INSTALL_TEXTS.iosInstructions),
      rememberDismissal: () => {
        try {
          win.sessionStorage.setItem(INSTALL_DISMISSED_KEY, 'true');
        } catch {
          // Without storage the banner simply stays dismissed until reload.
        }
      },
    },
  });
}
