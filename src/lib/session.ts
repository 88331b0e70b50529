import { createActorContext } from '@xstate/react';

import type { Module } from '@/contract/user';
import { sessionMachine, type CurrentUser } from '@/machines/session.machine';

/** The app-wide session actor, shared through React context. Real actors: app/providers.tsx. */
export const SessionContext = createActorContext(sessionMachine);

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export function useSessionStatus(): SessionStatus {
  return SessionContext.useSelector((snapshot) => {
    if (snapshot.hasTag('signedIn')) return 'signedIn';
    if (snapshot.hasTag('loading')) return 'loading';
    // Signing out: the guarded screens behave as signed out.
    return 'signedOut';
  });
}

/** True from Logout until the identity provider has forgotten the user. */
export function useSigningOut(): boolean {
  return SessionContext.useSelector((snapshot) => snapshot.hasTag('signingOut'));
}

/** True only while the first auth state is unknown (public pages wait for this one only). */
export function useSessionStarting(): boolean {
  return SessionContext.useSelector((snapshot) => snapshot.matches({ loading: 'waitingForAuth' }));
}

export function useCurrentUser(): CurrentUser | null {
  return SessionContext.useSelector((snapshot) =>
    snapshot.hasTag('signedIn') ? snapshot.context.user : null,
  );
}

/** Why the API ended the last session (said on the sign-in page), or null. */
export function useSignOutReason(): string | null {
  return SessionContext.useSelector((snapshot) =>
    snapshot.hasTag('signedIn') ? null : snapshot.context.signOutReason,
  );
}

export function useSessionActions() {
  const actor = SessionContext.useActorRef();
  return {
    signOut: () => actor.send({ type: 'session.signOut' }),
    refresh: () => actor.send({ type: 'session.refresh' }),
  };
}

/** Admins have every module (as the API enforces); others need it listed. */
export function hasModule(
  user: Pick<CurrentUser, 'role' | 'modules'> | null,
  module: Module,
): boolean {
  if (!user) return false;
  return user.role === 'admin' || user.modules.includes(module);
}

export function isAdmin(user: Pick<CurrentUser, 'role'> | null): boolean {
  return user?.role === 'admin';
}

/** Settings shows for admins or users with module 'response' or 'portfolio'. */
export function canSeeSettings(user: Pick<CurrentUser, 'role' | 'modules'> | null): boolean {
  return isAdmin(user) || hasModule(user, 'response') || hasModule(user, 'portfolio');
}

/** The name the top bar shows: the display name, else the email. */
export function userLabel(user: Pick<CurrentUser, 'displayName' | 'email'> | null): string {
  return user?.displayName?.trim() || user?.email || '';
}

export function userInitial(user: Pick<CurrentUser, 'displayName' | 'email'> | null): string {
  return (userLabel(user).charAt(0) || '?').toUpperCase();
}
