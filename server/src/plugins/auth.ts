import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { App } from 'firebase-admin/app';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { ERROR_CODES } from '#contract/errors';
import { MODULES, type Module, type Role, type UserStatus } from '#contract/user';

import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users, type UserRow } from '../db/schema/users.ts';
import { HttpError } from '../http-error.ts';

import { claimedSubject, decodeEmulatorIdToken } from './emulator-token.ts';
import './route-config.ts';

export type AuthUser = {
  id: string;
  uid: string;
  email: string;
  name: string | null;
  role: Role;
  modules: Module[];
  status: UserStatus;
  createdAt: Date;
  lastSignInAt: Date | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    firebaseAuth: Auth;
    /** Forget cached revocation checks for a user (after disable, revoke or delete). */
    forgetIdentity: (uid: string) => void;
  }
}

/** How long a passed revocation check is trusted on non-sensitive routes (per user). */
const REVOCATION_CACHE_MS = 30_000;

export function firebaseAdminAuth(config: Config): Auth {
  if (config.firebaseAuthEmulatorHost) {
    // firebase-admin reads the emulator host from the environment only.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebaseAuthEmulatorHost;
  }
  const name = `bidwright-${config.firebaseProjectId}`;
  const existing = getApps().find((candidate) => candidate.name === name);
  const app: App = existing ?? initializeApp({ projectId: config.firebaseProjectId }, name);
  return getAuth(app);
}

export function effectiveModules(user: Pick<AuthUser, 'role' | 'modules'>): Module[] {
  return user.role === 'admin' ? [...MODULES] : user.modules;
}

export default fp(
  async function authPlugin(app: FastifyInstance, options: { config: Config; db: Database }) {
    const { config, db } = options;
    const auth = firebaseAdminAuth(config);
    const revocationChecked = new Map<string, number>();

    app.decorate('firebaseAuth', auth);
    app.decorate('forgetIdentity', (uid: string) => {
      revocationChecked.delete(uid);
    });
    app.decorateRequest('user', null);

    const failedSignIns = createFailureCounter(config.authFailuresPerMinute, 60_000);

    // Access is decided on the route the router matched (after it decoded the path), never on the
    // raw URL, so no spelling of a path can reach a handler without the checks. Every matched route
    // needs a signed-in user unless its options say `public`.
    app.addHook('onRequest', async (request, reply) => {
      const routeConfig = request.routeOptions.config;
      if (routeConfig?.public) return;
      // No route matched: the 404 handler answers, and it runs no area code.
      if (!request.routeOptions.url) return;

      // Before any verification: a caller that keeps sending bad tokens is slowed down by address.
      const retryAfter = failedSignIns.blockedFor(request.ip);
      if (retryAfter > 0) {
        reply.header('retry-after', String(retryAfter));
        throw new HttpError(
          429,
          ERROR_CODES.rateLimited,
          'Too many failed sign-in attempts. Wait a minute and try again.',
        );
      }

      let decoded: DecodedIdToken;
      try {
        decoded = await verify(auth, bearerToken(request), revocationChecked, {
          sensitive: routeConfig?.sensitive === true,
          emulatorProjectId: config.firebaseAuthEmulatorHost ? config.firebaseProjectId : undefined,
        });
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) failedSignIns.add(request.ip);
        throw error;
      }
      const user = await loadOrCreateUser(db, config, decoded);
      if (user.status === 'disabled') {
        throw new HttpError(
          401,
          ERROR_CODES.userDisabled,
          'This account is disabled. Contact your administrator.',
        );
      }
      request.user = {
        id: user.id,
        uid: user.firebaseUid,
        email: user.email,
        name: user.name,
        role: user.role,
        modules: user.modules,
        status: user.status,
        createdAt: user.createdAt,
        lastSignInAt: user.lastSignInAt,
      };

      if (routeConfig?.role && user.role !== routeConfig.role) {
        throw new HttpError(403, ERROR_CODES.forbidden, 'Only administrators can do this.');
      }
      if (routeConfig?.module && !effectiveModules(user).includes(routeConfig.module)) {
        throw new HttpError(
          403,
          ERROR_CODES.moduleNotEnabled,
          `The '${routeConfig.module}' module is not enabled for your account. Ask an administrator to enable it.`,
          { module: routeConfig.module },
        );
      }
    });

    // A second lock on the same door: no handler of a non-public route ever runs without a user.
    app.addHook('preHandler', async (request) => {
      if (request.routeOptions.config?.public || !request.routeOptions.url) return;
      if (!request.user) {
        throw new HttpError(401, ERROR_CODES.unauthenticated, 'Sign in to continue.');
      }
    });
  },
  { name: 'auth' },
);

/**
 * Counts failed sign-ins per address in fixed windows. An address over the limit is refused until
 * its window ends; the answer is the number of seconds left (0: not blocked).
 */
function createFailureCounter(limit: number, windowMs: number) {
  const windows = new Map<string, { startedAt: number; failures: number }>();
  const current = (key: string, now: number) => {
    const entry = windows.get(key);
    return entry && now - entry.startedAt < windowMs ? entry : undefined;
  };
  return {
    add(key: string) {
      const now = Date.now();
      const entry = current(key, now);
      if (entry) entry.failures += 1;
      else windows.set(key, { startedAt: now, failures: 1 });
      // Old windows go when the map grows, so a spray of addresses cannot fill the memory.
      if (windows.size > 10_000) {
        for (const [address, window] of windows) {
          if (now - window.startedAt >= windowMs) windows.delete(address);
        }
      }
    },
    blockedFor(key: string): number {
      const now = Date.now();
      const entry = current(key, now);
      if (!entry || entry.failures < limit) return 0;
      return Math.max(1, Math.ceil((entry.startedAt + windowMs - now) / 1000));
    },
  };
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) {
    throw new HttpError(
      401,
      ERROR_CODES.unauthenticated,
      'Sign in to continue: no bearer token was sent.',
    );
  }
  return match[1];
}

/**
 * Checks the token, and at most every REVOCATION_CACHE_MS per user (always on sensitive routes)
 * asks the identity service whether it was revoked or the account disabled. Between those checks
 * no network call is made: the signature (production) or the emulator token's claims are checked
 * locally.
 */
async function verify(
  auth: Auth,
  token: string,
  revocationChecked: Map<string, number>,
  options: { sensitive: boolean; emulatorProjectId: string | undefined },
): Promise<DecodedIdToken> {
  try {
    // One verification per request: the claimed subject picks which one, and either verifies it.
    const uid = claimedSubject(token);
    const checkedAt = uid === null ? undefined : revocationChecked.get(uid);
    const fresh = checkedAt !== undefined && Date.now() - checkedAt <= REVOCATION_CACHE_MS;
    if (fresh && !options.sensitive) {
      return options.emulatorProjectId
        ? decodeEmulatorIdToken(token, options.emulatorProjectId)
        : await auth.verifyIdToken(token, false);
    }
    // One getUser call: revoked tokens and disabled accounts are refused here.
    const decoded = await auth.verifyIdToken(token, true);
    revocationChecked.set(decoded.uid, Date.now());
    return decoded;
  } catch (error) {
    throw authError(error);
  }
}

function authError(error: unknown): HttpError {
  const code = (error as { code?: string }).code ?? '';
  switch (code) {
    case 'auth/id-token-expired':
      return new HttpError(401, ERROR_CODES.tokenExpired, 'Your session expired. Sign in again.');
    case 'auth/id-token-revoked':
      return new HttpError(401, ERROR_CODES.tokenRevoked, 'Your session was ended. Sign in again.');
    case 'auth/user-disabled':
      return new HttpError(
        401,
        ERROR_CODES.userDisabled,
        'This account is disabled. Contact your administrator.',
      );
    case 'auth/user-not-found':
      return new HttpError(401, ERROR_CODES.unauthenticated, 'This account no longer exists.');
    case 'app/network-error':
    case 'auth/internal-error':
      // Certificates or the identity service unreachable: not the caller's fault, so 503.
      return new HttpError(
        503,
        ERROR_CODES.unavailable,
        'Sign-in cannot be checked right now. Try again shortly.',
      );
    default:
      return new HttpError(
        401,
        ERROR_CODES.unauthenticated,
        'Sign in to continue: the token is not valid.',
      );
  }
}

/**
 * Every authenticated request reads its user row: one prepared statement per database, so the SQL
 * is built once and PostgreSQL plans it once per connection.
 */
const userByUidStatements = new WeakMap<Database, ReturnType<typeof prepareUserByUid>>();

function prepareUserByUid(db: Database) {
  return db
    .select()
    .from(users)
    .where(eq(users.firebaseUid, sql.placeholder('uid')))
    .limit(1)
    .prepare('auth_user_by_firebase_uid');
}

function userByUid(db: Database) {
  let statement = userByUidStatements.get(db);
  if (!statement) {
    statement = prepareUserByUid(db);
    userByUidStatements.set(db, statement);
  }
  return statement;
}

async function loadOrCreateUser(
  db: Database,
  config: Config,
  token: DecodedIdToken,
): Promise<UserRow> {
  const authTime = new Date(token.auth_time * 1000);
  const found = (await userByUid(db).execute({ uid: token.uid }))[0];
  if (found) {
    if (!found.lastSignInAt || found.lastSignInAt < authTime) {
      // One write per new sign-in, not per request.
      await db
        .update(users)
        .set({ lastSignInAt: authTime })
        .where(
          and(
            eq(users.id, found.id),
            or(isNull(users.lastSignInAt), lt(users.lastSignInAt, authTime)),
          ),
        );
      found.lastSignInAt = authTime;
    }
    return found;
  }

  const email = (token.email ?? '').toLowerCase();
  // Admin bootstrap trusts the address only when the identity provider verified it (or locally).
  const emailTrusted = token.email_verified === true || config.localMode;
  const isAdmin = email !== '' && emailTrusted && config.adminEmails.includes(email);
  await db
    .insert(users)
    .values({
      firebaseUid: token.uid,
      email,
      name: typeof token.name === 'string' ? token.name : null,
      role: isAdmin ? 'admin' : 'member',
      modules: isAdmin ? [...MODULES] : config.defaultModules,
      lastSignInAt: authTime,
    })
    .onConflictDoNothing({ target: users.firebaseUid });
  const created = await db.select().from(users).where(eq(users.firebaseUid, token.uid)).limit(1);
  if (!created[0]) throw new Error('user row missing after insert');
  return created[0];
}
