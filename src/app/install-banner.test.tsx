import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { INSTALL_TEXTS } from '@/machines/install-banner.machine';
import { renderWithProviders } from '@/testing/render';

import { InstallBanner } from './install-banner';
import { createInstallBannerLogic, INSTALL_DISMISSED_KEY } from './install-banner-logic';

/** A beforeinstallprompt event as Chromium fires it. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

function setUserAgent(value: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value, configurable: true });
}

describe('InstallBanner (real browser edges)', () => {
  afterEach(() => {
    vi.useRealTimers();
    setUserAgent('Mozilla/5.0 (X11; Linux x86_64) jsdom');
    window.matchMedia = undefined as unknown as typeof window.matchMedia;
  });

  it("appears when the browser offers installation and 'Install App' shows the browser prompt", async () => {
    const { user } = renderWithProviders(<InstallBanner />, {
      installBannerLogic: createInstallBannerLogic(),
    });
    await act(async () => undefined);
    expect(screen.queryByRole('region', { name: 'Install app' })).not.toBeInTheDocument();
    const offer = offerInstall();
    await user.click(await screen.findByRole('button', { name: 'Install App' }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    await vi.waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Install app' })).not.toBeInTheDocument(),
    );
  });

  it("'Later' hides it and remembers that for the session", async () => {
    const { user } = renderWithProviders(<InstallBanner />, {
      installBannerLogic: createInstallBannerLogic(),
    });
    await act(async () => undefined);
    offerInstall();
    await user.click(await screen.findByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('region', { name: 'Install app' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('true');
  });

  it('stays hidden when dismissed earlier this session', async () => {
    sessionStorage.setItem(INSTALL_DISMISSED_KEY, 'true');
    renderWithProviders(<InstallBanner />, { installBannerLogic: createInstallBannerLogic() });
    await act(async () => undefined);
    offerInstall();
    expect(screen.queryByRole('region', { name: 'Install app' })).not.toBeInTheDocument();
  });

  it('stays hidden when running standalone', async () => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('standalone'),
    })) as unknown as typeof window.matchMedia;
    renderWithProviders(<InstallBanner />, { installBannerLogic: createInstallBannerLogic() });
    await act(async () => undefined);
    offerInstall();
    expect(screen.queryByRole('region', { name: 'Install app' })).not.toBeInTheDocument();
  });

  it("on iOS appears after 1 second; 'Show Instructions' alerts; close dismisses", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15');
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderWithProviders(<InstallBanner />, { installBannerLogic: createInstallBannerLogic() });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.queryByRole('button', { name: 'Show Instructions' })).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    act(() => screen.getByRole('button', { name: 'Show Instructions' }).click());
    expect(alert).toHaveBeenCalledWith(INSTALL_TEXTS.iosInstructions);
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByRole('region', { name: 'Install app' })).not.toBeInTheDocument();
  });
});
