import { startOpenAIStub } from '../../tests/support/openai-stub.ts';
import { startUpworkSandbox } from '../../tests/support/upwork-sandbox.ts';
import { faultApi, type FaultRunOptions } from './fault-api.ts';
import {
  AI_ENV,
  AI_MAX_RETRIES,
  AI_RATE_PER_MINUTE,
  AI_TIMEOUT_MS,
  aiFaultRows,
} from './provider-ai.ts';
import type { ProviderOutcome } from './provider-outcome.ts';
import { UPWORK_TIMEOUT_MS, upworkEnv, upworkFaultRows } from './provider-upwork.ts';

export { PROVIDER_HEADER, providerPassed, providerRow } from './provider-outcome.ts';
export type { ProviderOutcome } from './provider-outcome.ts';

export const PROVIDERS_TITLE =
  `The API against a faulty AI provider (OpenAI protocol stub; AI_TIMEOUT_MS ${AI_TIMEOUT_MS}, ` +
  `AI_MAX_RETRIES ${AI_MAX_RETRIES}, ${AI_RATE_PER_MINUTE} generations/min) and a faulty Upwork ` +
  `(sandbox; client timeout ${UPWORK_TIMEOUT_MS / 1000} s). Budget: a clear error, never 500, ` +
  'within the time shown, calls within the retry rules, the user charged once, state kept';

/**
 * The real API, started as the other fault checks start it, against local fakes of the AI
 * provider and of Upwork that speak their protocols; each fault a row, each row a new user.
 */
export async function providersUnderFaults(options: FaultRunOptions): Promise<ProviderOutcome[]> {
  const stub = await startOpenAIStub();
  const sandbox = await startUpworkSandbox({ jobCount: 60 });
  try {
    const api = faultApi({
      ...options,
      extraEnv: { ...AI_ENV, AI_BASE_URL: stub.url, ...upworkEnv(sandbox) },
    });
    await api.start();
    try {
      const run = {
        engine: options.engine.name,
        apiUrl: api.url,
        emulatorHost: options.emulatorHost,
      };
      // The two providers have their own fakes, users and limits: their rows run side by side.
      const [ai, upwork] = await Promise.all([
        aiFaultRows(run, stub),
        upworkFaultRows(run, sandbox),
      ]);
      return [...ai, ...upwork];
    } finally {
      const process = api.current().process;
      await process.stop('SIGTERM');
    }
  } finally {
    await stub.close();
    await sandbox.close();
  }
}
