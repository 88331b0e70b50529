import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSpaServer, type SpaServer } from './serve-spa.ts';

let root: string;
let server: SpaServer;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'serve-spa-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app shell</title>');
  writeFileSync(join(root, 'share.html'), '<!doctype html><title>share page</title>');
  server = await createSpaServer({ root, port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the SPA server', () => {
  it('answers /q/{token} with the share page, without a referrer', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/q/abcDEF_123-xyz' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('share page');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('keeps answering other client routes with the app shell', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/quotes' });
    expect(response.body).toContain('app shell');
  });
});
