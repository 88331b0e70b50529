/**
 * The public settings when nothing is set: the schema's defaults, and what tests and tools see
 * without a build. Plain values, so the login route imports them without zod.
 */
export const DEFAULT_ENV = {
  firebaseApiKey: 'demo-api-key',
  firebaseAuthDomain: 'demo-bidwright.firebaseapp.com',
  firebaseProjectId: 'demo-bidwright',
  firebaseAuthEmulatorHost: undefined as string | undefined,
  apiUrl: 'https://api.bidwright.app',
  localApiPort: 5050,
};
