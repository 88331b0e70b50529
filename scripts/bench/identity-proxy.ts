/**
 * In local mode firebase-admin asks the Auth emulator for the user on every verifyIdToken (it
 * skips the signature and always calls getUser), so a load test of the API would mostly measure
 * the emulator, a single Node process sharing the same 2 cores. In production the token is
 * verified locally (RS256, cached Google certificates) and the API caches revocation checks.
 *
 * This proxy sits between the API and the emulator: account lookups are answered from a cache
 * filled by the real emulator (so the records are real), everything else is passed through.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type IdentityProxy = { host: string; close: () => Promise<void> };

export async function startIdentityProxy(emulatorHost: string): Promise<IdentityProxy> {
  const [targetHost = '127.0.0.1', targetPort = '9099'] = emulatorHost.split(':');
  const cache = new Map<
    string,
    { status: number; headers: Record<string, string>; body: Buffer }
  >();

  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const cacheable =
        incoming.method === 'POST' && (incoming.url ?? '').endsWith('/accounts:lookup');
      const key = `${incoming.url}\n${body.toString()}`;
      const hit = cacheable ? cache.get(key) : undefined;
      if (hit) {
        outgoing.writeHead(hit.status, hit.headers).end(hit.body);
        return;
      }
      const forwarded = httpRequest(
        {
          host: targetHost,
          port: Number(targetPort),
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (response) => {
          const parts: Buffer[] = [];
          response.on('data', (chunk: Buffer) => parts.push(chunk));
          response.on('end', () => {
            const payload = Buffer.concat(parts);
            const headers: Record<string, string> = {
              'content-type': String(response.headers['content-type'] ?? 'application/json'),
            };
            if (cacheable && response.statusCode === 200) {
              cache.set(key, { status: 200, headers, body: payload });
            }
            outgoing.writeHead(response.statusCode ?? 502, headers).end(payload);
          });
        },
      );
      forwarded.on('error', () => outgoing.writeHead(502).end());
      forwarded.end(body);
    });
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
