import { startAuthEmulator } from './firebase-emulator.ts';
import { writePgliteTemplate } from './pglite-template.ts';
import { SERVER_TEST_EMULATOR, TEST_PROJECT_ID } from './test-ports.ts';

/**
 * Server integration tests verify real emulator tokens: one emulator serves the whole run. Outside
 * CI it is left running for the next run (and for parallel runs that reused it); CI stops it.
 */
export default async function setup() {
  const [emulator] = await Promise.all([
    startAuthEmulator({ projectId: TEST_PROJECT_ID, ...SERVER_TEST_EMULATOR }),
    process.env.TEST_DB === 'postgres' ? Promise.resolve() : writePgliteTemplate(),
  ]);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  process.env.TEST_FIREBASE_PROJECT_ID = TEST_PROJECT_ID;
  return async () => {
    if (process.env.CI) await emulator.stop();
    else emulator.detach();
  };
}
