/**
 * The service worker (public/sw.js) keeps the signed-in user's last API reads so the installed app
 * opens offline to them, read-only. They belong to that user only: this deletes them when the
 * session ends (sign-out, or an account disabled or expired), so the next person on the device
 * never sees them.
 */
export function forgetOfflineData(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // getRegistration, not ready: without a worker (dev builds) there is nothing to clear or wait for.
  navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.active?.postMessage({ type: 'forget-user-data' }))
    .catch((error: unknown) => console.warn('Could not clear the offline copies', error));
}
