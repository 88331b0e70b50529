/** Fixed ports per kind of run, so a dev stack, server tests and e2e tests can run side by side. */
export const TEST_PROJECT_ID = 'demo-bidwright';

export const SERVER_TEST_EMULATOR = { port: 9199, hubPort: 4410, loggingPort: 4510 } as const;

export const E2E_PORTS = {
  emulator: { port: 9299, hubPort: 4420, loggingPort: 4520 },
  api: 5150,
  web: 3150,
  upworkSandbox: 5170,
} as const;
