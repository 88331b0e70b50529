import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP proxy that hands each request to the next upstream in turn, as a load balancer in
 * front of API replicas would. Bodies stream both ways, so event streams pass through. An
 * upstream that cannot be reached answers 502.
 */
export type RoundRobinProxy = {
  url: string;
  /** Which upstream each request went to, in order (indexes into `upstreams`). */
  routed: number[];
  close: () => Promise<void>;
};

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  if (upstreams.length === 0) throw new Error('The proxy needs at least one upstream');
  const targets = upstreams.map((upstream) => new URL(upstream));
  const routed: number[] = [];
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });

  const server = http.createServer((request, response) => {
    const index = next;
    next = (next + 1) % targets.length;
    routed.push(index);
    const target = targets[index]!;
    const upstream = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: target.host, 'x-forwarded-for': '127.0.0.1' },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end('upstream unreachable');
    });
    // A client that goes away ends its upstream request too (a closed event stream, say).
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routed,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

/** A TCP port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
