import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';

import { AiError } from './errors.ts';

/**
 * Where provider requests may go. The base URL is set by an admin and the request carries the
 * API key, so it must not be able to reach the machine's own services or the cloud metadata
 * endpoint:
 * - link-local and metadata addresses are always refused;
 * - loopback and private networks are refused unless `allowPrivate` (AI_ALLOW_PRIVATE_BASE_URL,
 *   for a local Ollama or a test stub);
 * - host names are resolved and every address checked, when the URL is saved and again when each
 *   connection is opened (the check runs inside the connection's own lookup, so a name cannot
 *   resolve to a public address for the check and a private one for the connection);
 * - redirects are never followed, so the key is never sent to a second address.
 */
export type NetworkPolicy = {
  allowPrivate: boolean;
  /** Resolves a host name to all its addresses (tests pass their own). */
  lookup?: (hostname: string) => Promise<LookupAddress[]>;
  /** How refusals name the URL and its server; the AI provider's unless given. */
  labels?: RefusalLabels;
};

/** The words a refusal uses, so the same guard serves other outgoing requests (webhooks). */
export type RefusalLabels = {
  /** The URL, as a sentence starts: "The AI base URL". */
  url: string;
  /** Its server: "The AI provider". */
  peer: string;
  /** What a redirect could carry elsewhere: "the API key". */
  payload: string;
  /** How to allow loopback and private addresses. */
  allowHint: string;
};

export const AI_PROVIDER_LABELS: RefusalLabels = {
  url: 'The AI base URL',
  peer: 'The AI provider',
  payload: 'the API key',
  allowHint:
    'Set AI_ALLOW_PRIVATE_BASE_URL=true on the API to allow loopback and private addresses (e.g. a local Ollama).',
};

const ALWAYS_REFUSED = new BlockList();
ALWAYS_REFUSED.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, incl. 169.254.169.254 metadata
ALWAYS_REFUSED.addSubnet('fe80::', 10, 'ipv6'); // link-local
ALWAYS_REFUSED.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6
ALWAYS_REFUSED.addSubnet('224.0.0.0', 4, 'ipv4'); // multicast
ALWAYS_REFUSED.addSubnet('240.0.0.0', 4, 'ipv4'); // reserved and broadcast
ALWAYS_REFUSED.addSubnet('ff00::', 8, 'ipv6'); // multicast

const PRIVATE = new BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4'); // loopback
PRIVATE.addSubnet('0.0.0.0', 8, 'ipv4'); // "this host": connects to loopback
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4'); // carrier-grade NAT
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addAddress('::', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6'); // unique local

const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata']);

const labelsOf = (policy: NetworkPolicy): RefusalLabels => policy.labels ?? AI_PROVIDER_LABELS;

/** Why a host or address may not be used, or null when it may. */
function refusalOfAddress(address: string, policy: NetworkPolicy): string | null {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const labels = labelsOf(policy);
  if (ALWAYS_REFUSED.check(address, family)) {
    return `${labels.url} points to ${address}, a link-local, metadata or multicast address, which is always refused.`;
  }
  if (!policy.allowPrivate && PRIVATE.check(address, family)) {
    return `${labels.url} points to ${address}, a loopback or private network address. ${labels.allowHint}`;
  }
  return null;
}

/** A URL's host without IPv6 brackets or a trailing dot, lower case. */
function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** The refusal known from the host alone (an address or a reserved name), or null. */
function refusalOfHost(host: string, policy: NetworkPolicy): string | null {
  if (isIP(host)) return refusalOfAddress(host, policy);
  const labels = labelsOf(policy);
  if (METADATA_NAMES.has(host)) {
    return `${labels.url} points to ${host}, a cloud metadata address, which is always refused.`;
  }
  if (!policy.allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) {
    return `${labels.url} points to ${host}, a loopback address. ${labels.allowHint}`;
  }
  return null;
}

function refusalOfAddresses(
  host: string,
  addresses: LookupAddress[],
  policy: NetworkPolicy,
): string | null {
  const labels = labelsOf(policy);
  if (addresses.length === 0) return `${labels.url}'s host ${host} has no address.`;
  for (const { address } of addresses) {
    const refusal = refusalOfAddress(address, policy);
    if (refusal)
      return refusal.replace(`${labels.url} points to`, `${labels.url}'s host ${host} resolves to`);
  }
  return null;
}

const systemLookup = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

/** Thrown when a base URL may not be used; the message says why and what to do. */
export class BaseUrlRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BaseUrlRefusedError';
  }
}

/** Checks a base URL before it is saved: its host, and every address its name resolves to. */
export async function assertBaseUrlAllowed(baseUrl: string, policy: NetworkPolicy): Promise<void> {
  const labels = labelsOf(policy);
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new BaseUrlRefusedError(`${labels.url} is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BaseUrlRefusedError(`${labels.url} must be an http(s) URL.`);
  }
  const host = bareHost(url.hostname);
  const refusal = refusalOfHost(host, policy);
  if (refusal) throw new BaseUrlRefusedError(refusal);
  if (isIP(host)) return;
  let addresses: LookupAddress[];
  try {
    addresses = await (policy.lookup ?? systemLookup)(host);
  } catch {
    throw new BaseUrlRefusedError(`${labels.url}'s host ${host} could not be resolved.`);
  }
  const resolved = refusalOfAddresses(host, addresses, policy);
  if (resolved) throw new BaseUrlRefusedError(resolved);
}

function refusedRequest(message: string): AiError {
  return new AiError('ai_unavailable', message, 502, false);
}

/** The connection's lookup: resolves all addresses and refuses the connection if any is barred. */
function guardedLookup(policy: NetworkPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const host = bareHost(hostname);
    (policy.lookup ?? systemLookup)(host).then(
      (addresses) => {
        const refusal = refusalOfAddresses(host, addresses, policy);
        if (refusal) {
          callback(refusedRequest(refusal), '', 0);
        } else if (options.all) {
          (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(
            null,
            addresses,
          );
        } else {
          const first = addresses[0]!;
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

// One keep-alive pool per policy, so a connection checked under one policy is never reused
// under the other.
const agents = {
  strict: {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true }),
  },
  open: { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) },
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function decoded(response: http.IncomingMessage): Readable {
  const encoding = response.headers['content-encoding'];
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return response;
  // An error on either side ends both (the reader sees it on the decoder).
  pipeline(response, decoder, () => {});
  return decoder;
}

/**
 * A `fetch` for the AI SDK providers that applies the policy to every request: the host is
 * checked, names are checked where the connection resolves them, and a redirect is an error
 * instead of a second request carrying the key.
 */
export function guardedFetch(policy: NetworkPolicy): typeof globalThis.fetch {
  const pool = policy.allowPrivate ? agents.open : agents.strict;
  const lookup = guardedLookup(policy);
  const labels = labelsOf(policy);
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw refusedRequest(`${labels.url} must be an http(s) URL.`);
    }
    const host = bareHost(url.hostname);
    const refusal = refusalOfHost(host, policy);
    if (refusal) throw refusedRequest(refusal);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (body) headers['content-length'] = String(body.length);
    const secure = url.protocol === 'https:';
    const signal = init?.signal ?? undefined;

    return new Promise<Response>((resolve, reject) => {
      const outgoing = (secure ? https : http).request(
        url,
        {
          method: request.method,
          headers,
          agent: secure ? pool.https : pool.http,
          lookup,
          ...(signal ? { signal } : {}),
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status < 200 || status > 599) {
            response.resume();
            reject(refusedRequest(`${labels.peer} answered with HTTP ${status}.`));
            return;
          }
          if (REDIRECTS.has(status)) {
            response.resume();
            reject(
              refusedRequest(
                `${labels.peer} answered with a redirect (HTTP ${status}); redirects are not followed, so ${labels.payload} is not sent to another address. Set ${labels.url.replace(/^The /, 'the ')} to its final address.`,
              ),
            );
            return;
          }
          const responseHeaders = new Headers();
          const raw = response.rawHeaders;
          const decoding = Boolean(response.headers['content-encoding']);
          for (let index = 0; index + 1 < raw.length; index += 2) {
            const name = raw[index]!;
            // The body is handed on decoded, so its encoding and length no longer apply.
            if (decoding && /^content-(encoding|length)$/i.test(name)) continue;
            responseHeaders.append(name, raw[index + 1]!);
          }
          const empty = request.method === 'HEAD' || status === 204 || status === 304;
          if (empty) response.resume();
          resolve(
            new Response(
              empty ? null : (Readable.toWeb(decoded(response)) as ReadableStream<Uint8Array>),
              { status, statusText: response.statusMessage ?? '', headers: responseHeaders },
            ),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}
