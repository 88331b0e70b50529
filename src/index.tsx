import './index.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import { preloadEntryScreen, preloadSignedInScreen } from '@/app/routes';
import { preloadSessionRestore } from '@/app/session-logic';
import { maySignedInUserExist } from '@/lib/persisted-session';
import { suppressBrowserNoise } from '@/lib/browser-noise';

suppressBrowserNoise();

/** How long the first render waits for the entry screen's chunk before showing 'Loading…'. */
const ENTRY_SCREEN_WAIT_MS = 250;

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A returning user's session restore and screen are fetched side by side from the start.
if (maySignedInUserExist()) {
  preloadSessionRestore();
  preloadSignedInScreen(window.location.pathname);
}
// The sign-in chunk is normally in by now (login.html preloads it), so /login renders in one pass;
// a slow one is not waited for long.
void Promise.race([
  preloadEntryScreen(window.location.pathname),
  new Promise((resolve) => setTimeout(resolve, ENTRY_SCREEN_WAIT_MS)),
]).then(render);

// The service worker caches the app shell so the installed app opens offline (production only).
if (process.env.NODE_ENV === 'production' && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  });
}
