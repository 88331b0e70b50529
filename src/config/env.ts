import { DEFAULT_ENV } from './default-env';
import type { Env } from './env-schema';

declare const __BIDWRIGHT_ENV__: Env | undefined;

/**
 * The PUBLIC_* settings, parsed with zod at build time (rsbuild.config.ts, env-schema.ts) and
 * inlined as one constant.
 */
export const env: Env =
  typeof __BIDWRIGHT_ENV__ !== 'undefined' && __BIDWRIGHT_ENV__ ? __BIDWRIGHT_ENV__ : DEFAULT_ENV;

export type { Env };
