import { resolveApiBase } from '@/lib/api-url';

import { env } from './env';

/** The API base for this page: the local API port on localhost or an IP, else PUBLIC_API_URL. */
export const apiBaseUrl: string = resolveApiBase({
  hostname: typeof window === 'undefined' ? 'localhost' : window.location.hostname,
  protocol: typeof window === 'undefined' ? 'http:' : window.location.protocol,
  localApiPort: env.localApiPort,
  productionUrl: env.apiUrl,
});
