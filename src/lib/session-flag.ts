/** Set on the first sign-in of a browser session (which logs 'login'), cleared on sign-out. */
export const SIGNED_IN_FLAG_KEY = 'bidwright.loginLogged';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** True (and marks the flag) the first time it is called in this browser session. */
export function claimFirstSignIn(): boolean {
  const store = storage();
  if (!store) return true;
  if (store.getItem(SIGNED_IN_FLAG_KEY) === 'true') return false;
  store.setItem(SIGNED_IN_FLAG_KEY, 'true');
  return true;
}

export function clearFirstSignIn(): void {
  storage()?.removeItem(SIGNED_IN_FLAG_KEY);
}
