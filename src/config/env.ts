import type { Env } from './env-schema';

declare const __BIDWRIGHT_ENV__: Env | undefined;

/** Defaults for builds without the define (vitest); kept in sync with DEFAULT_ENV by a test. */
const FALLBACK_ENV: Env = {
  firebaseApiKey: 'demo-api-key',
  firebaseAuthDomain: 'demo-bidwright.firebaseapp.com',
  firebaseProjectId: 'demo-bidwright',
  firebaseAuthEmulatorHost: undefined,
  apiUrl: 'https://api.bidwright.app',
  localApiPort: 5050,
};

/**
 * The PUBLIC_* settings, parsed with zod at build time (rsbuild.config.ts, env-schema.ts) and
 * inlined as one constant.
 */
export const env: Env =
  typeof __BIDWRIGHT_ENV__ !== 'undefined' && __BIDWRIGHT_ENV__ ? __BIDWRIGHT_ENV__ : FALLBACK_ENV;

export type { Env };
