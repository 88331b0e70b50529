/** Where the API lives and how request URLs are built. */

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** localhost, 127.0.0.1, any IPv4 address or a bracketed IPv6 address. */
export function isLocalHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '127.0.0.1' ||
    IPV4.test(hostname) ||
    (hostname.startsWith('[') && hostname.endsWith(']')) ||
    hostname.includes(':')
  );
}

export interface ApiBaseOptions {
  hostname: string;
  protocol?: string;
  localApiPort: number;
  productionUrl: string;
}

/** The API base address: http://{host}:{port} on a local host, otherwise the production address. */
export function resolveApiBase({
  hostname,
  protocol = 'http:',
  localApiPort,
  productionUrl,
}: ApiBaseOptions): string {
  if (isLocalHost(hostname)) {
    const host = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
    const scheme = protocol === 'https:' ? 'https:' : 'http:';
    return `${scheme}//${host}:${localApiPort}`;
  }
  return withoutTrailingSlashes(productionUrl);
}

/**
 * An absolute URL (starting with http) is unchanged; a path starting with /api gets the base
 * prepended; any other path gets the base plus a slash.
 */
export function buildApiUrl(base: string, path: string): string {
  if (path.startsWith('http')) return path;
  const root = withoutTrailingSlashes(base);
  if (path.startsWith('/api')) return `${root}${path}`;
  return `${root}/${path.replace(/^\/+/, '')}`;
}

/** The lookbehind starts the match only where the last run of slashes starts (linear). */
function withoutTrailingSlashes(url: string): string {
  return url.replace(/(?<!\/)\/+$/, '');
}
