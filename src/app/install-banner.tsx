import { InstallBannerContext } from './install-banner-context';

const buttonBase =
  'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** The install banner at the top of the app (when it shows: install-banner.machine.ts). */
export function InstallBanner() {
  const visible = InstallBannerContext.useSelector((snapshot) => snapshot.hasTag('visible'));
  const ios = InstallBannerContext.useSelector((snapshot) => snapshot.hasTag('ios'));
  const prompting = InstallBannerContext.useSelector((snapshot) =>
    snapshot.matches({ watching: 'prompting' }),
  );
  const actor = InstallBannerContext.useActorRef();
  if (!visible) return null;

  return (
    <section
      aria-label="Install app"
      className="relative z-50 flex flex-wrap items-center gap-x-4 gap-y-2 bg-indigo-700 px-4 py-2 pr-12 text-sm text-white"
    >
      <p className="min-w-0 flex-1">
        {ios
          ? 'Install Bidwright on your device for quick access.'
          : 'Install Bidwright as an app for quick access and offline use.'}
      </p>
      <div className="flex flex-wrap gap-2">
        {ios ? (
          <button
            type="button"
            className={`${buttonBase} bg-white text-indigo-800 hover:bg-indigo-50`}
            onClick={() => actor.send({ type: 'banner.showInstructions' })}
          >
            Show Instructions
          </button>
        ) : (
          <button
            type="button"
            className={`${buttonBase} bg-white text-indigo-800 hover:bg-indigo-50`}
            disabled={prompting}
            onClick={() => actor.send({ type: 'banner.install' })}
          >
            Install App
          </button>
        )}
        <button
          type="button"
          className={`${buttonBase} text-white hover:bg-indigo-600`}
          onClick={() => actor.send({ type: 'banner.dismiss' })}
        >
          Later
        </button>
      </div>
      <button
        type="button"
        aria-label="Close"
        className="absolute top-1/2 right-2 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-lg leading-none hover:bg-indigo-600 focus-visible:outline-2 focus-visible:outline-white"
        onClick={() => actor.send({ type: 'banner.dismiss' })}
      >
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
