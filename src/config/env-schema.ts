import * as z from 'zod/mini';

import { DEFAULT_ENV } from './default-env';

/**
 * The public build-time settings. rsbuild.config.ts parses the PUBLIC_* variables with this schema
 * when it builds (a bad value fails the build) and inlines the parsed result, so zod never ships in
 * the login route (shared zod code otherwise grows the entry chunk with every schema the areas use).
 */
// zod/mini: the same schemas with a tree-shakable API, so the login route stays small.
const envSchema = z.object({
  firebaseApiKey: z._default(z.string().check(z.minLength(1)), DEFAULT_ENV.firebaseApiKey),
  firebaseAuthDomain: z._default(z.string().check(z.minLength(1)), DEFAULT_ENV.firebaseAuthDomain),
  firebaseProjectId: z._default(z.string().check(z.minLength(1)), DEFAULT_ENV.firebaseProjectId),
  /** host:port of the Firebase Auth emulator; when set the SPA talks to it instead of Google. */
  firebaseAuthEmulatorHost: z.optional(
    z.string().check(z.regex(/^[\w.-]+:\d+$/, 'must look like 127.0.0.1:9099')),
  ),
  /** The production API address. */
  apiUrl: z._default(z.url(), DEFAULT_ENV.apiUrl),
  /** Port of the API when the SPA is served from localhost, 127.0.0.1 or an IP address. */
  localApiPort: z._default(
    z.coerce
      .number()
      .check(z.refine(Number.isInteger, 'must be a whole number'), z.minimum(1), z.maximum(65_535)),
    DEFAULT_ENV.localApiPort,
  ),
});

export type Env = z.infer<typeof envSchema>;

function blankToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function parseEnv(raw: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse({
    firebaseApiKey: blankToUndefined(raw.PUBLIC_FIREBASE_API_KEY),
    firebaseAuthDomain: blankToUndefined(raw.PUBLIC_FIREBASE_AUTH_DOMAIN),
    firebaseProjectId: blankToUndefined(raw.PUBLIC_FIREBASE_PROJECT_ID),
    firebaseAuthEmulatorHost: blankToUndefined(raw.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST),
    apiUrl: blankToUndefined(raw.PUBLIC_API_URL),
    localApiPort: blankToUndefined(raw.PUBLIC_LOCAL_API_PORT),
  });
  if (!result.success) {
    const keys = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid PUBLIC_* build settings:\n${keys.join('\n')}`);
  }
  return result.data;
}
