import { resolveApiBase } from '@/lib/api-url';

import { env } from './env';

/** The API base address for this page (seed §7). */
export const apiBaseUrl: string = resolveApiBase({
  hostname: typeof window === 'undefined' ? 'localhost' : window.location.hostname,
  protocol: typeof window === 'undefined' ? 'http:' : window.location.protocol,
  localApiPort: env.localApiPort,
  productionUrl: env.apiUrl,
});
