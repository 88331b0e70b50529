import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { assertBaseUrlAllowed, guardedFetch } from './provider-fetch.ts';

/** Host names are checked by what they resolve to, when saved and when each connection opens. */
const resolvesTo =
  (...addresses: string[]) =>
  async (): Promise<LookupAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

let server: Server;
let port: number;
let hits = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    if (req.url === '/gzip') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(JSON.stringify({ ok: true })));
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.writeHead(201, {
        'content-type': 'application/json',
        'x-seen': req.headers['x-key'] ?? '',
      });
      res.end(JSON.stringify({ method: req.method, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('assertBaseUrlAllowed', () => {
  it('refuses a name when any of its addresses is internal', async () => {
    await expect(
      assertBaseUrlAllowed('https://llm.example.com/v1', {
        allowPrivate: false,
        lookup: resolvesTo('93.184.216.34', '10.0.0.7'),
      }),
    ).rejects.toThrow(/llm\.example\.com resolves to 10\.0\.0\.7, a loopback or private/);
    await expect(
      assertBaseUrlAllowed('https://llm.example.com/v1', {
        allowPrivate: true,
        lookup: resolvesTo('169.254.169.254'),
      }),
    ).rejects.toThrow(/always refused/);
  });

  it('accepts a name that resolves to public addresses only', async () => {
    await expect(
      assertBaseUrlAllowed('https://llm.example.com/v1', {
        allowPrivate: false,
        lookup: resolvesTo('93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'),
      }),
    ).resolves.toBeUndefined();
  });

  it('refuses a name that does not resolve', async () => {
    await expect(
      assertBaseUrlAllowed('https://nowhere.invalid/v1', {
        allowPrivate: false,
        lookup: () => Promise.reject(new Error('ENOTFOUND')),
      }),
    ).rejects.toThrow(/could not be resolved/);
  });
});

describe('guardedFetch', () => {
  it('checks the name again when connecting: a name rebound to a private address is refused', async () => {
    const before = hits;
    const strict = guardedFetch({ allowPrivate: false, lookup: resolvesTo('127.0.0.1') });
    await expect(strict(`http://rebound.example:${port}/v1`)).rejects.toThrow(
      /rebound\.example resolves to 127\.0\.0\.1/,
    );
    expect(hits).toBe(before);
  });

  it('connects to the address that was checked, and passes the request and answer through', async () => {
    const open = guardedFetch({ allowPrivate: true, lookup: resolvesTo('127.0.0.1') });
    const response = await open(`http://model.example:${port}/v1/chat`, {
      method: 'POST',
      headers: { 'x-key': 'k1', 'content-type': 'application/json' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-seen')).toBe('k1');
    expect(await response.json()).toEqual({ method: 'POST', body: '{"hello":"world"}' });

    const zipped = await open(`http://model.example:${port}/gzip`);
    expect(await zipped.json()).toEqual({ ok: true });
  });

  it('refuses literal internal addresses before connecting', async () => {
    const strict = guardedFetch({ allowPrivate: false });
    await expect(strict(`http://127.0.0.1:${port}/v1`)).rejects.toThrow(/loopback or private/);
    await expect(guardedFetch({ allowPrivate: true })('http://169.254.169.254/')).rejects.toThrow(
      /always refused/,
    );
  });
});
