/**
 * Serves the built SPA (dist/) the way a static host or CDN would: hashed assets cached for a
 * year, index.html never cached, every unknown route answered with index.html (client-side
 * routing), compression, and the security headers (CSP, nosniff, Referrer-Policy).
 *
 *   tsx scripts/serve-spa.ts [--root dist] [--port 3000] [--host localhost] [--api http://localhost:5050]
 *
 * `npm start`, the e2e run and the bench use createSpaServer() in-process.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

import { redactShareTokens } from '../server/src/share-tokens.ts';

export type SpaServerOptions = {
  /** The built SPA (the folder holding index.html). */
  root: string;
  host?: string;
  port: number;
  /** Origins the SPA calls: the API and, locally, the Auth emulator (http://127.0.0.1:9099). */
  connectOrigins?: string[];
  /** Extra frame sources (the Auth emulator serves the sign-in helper iframe locally). */
  frameOrigins?: string[];
  logger?: boolean;
};

export type SpaServer = { app: FastifyInstance; url: string; close: () => Promise<void> };

// What the Firebase web SDK reaches in production (identity toolkit, token refresh, Google sign-in).
const FIREBASE_CONNECT = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];
const FIREBASE_FRAMES = ['https://*.firebaseapp.com', 'https://accounts.google.com'];
const GOOGLE_SCRIPTS = ['https://apis.google.com'];

/** sha256 sources for inline scripts in index.html (a no-flash theme script, for instance). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  const scriptTag = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (const match of html.matchAll(scriptTag)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || body.trim() === '') continue;
    if (/type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export function contentSecurityPolicy(
  indexHtml: string,
  connectOrigins: string[],
  frameOrigins: string[],
): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(indexHtml), ...GOOGLE_SCRIPTS],
    // React and the UI primitives set style attributes; scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connectOrigins, ...FIREBASE_CONNECT],
    'frame-src': ["'self'", ...frameOrigins, ...FIREBASE_FRAMES],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export async function createSpaServer(options: SpaServerOptions): Promise<SpaServer> {
  const root = resolve(options.root);
  const indexPath = resolve(root, 'index.html');
  if (!existsSync(indexPath)) {
    throw new Error(
      `No built SPA at ${root} (index.html is missing). Build it with: npx rsbuild build`,
    );
  }
  const indexHtml = readFileSync(indexPath, 'utf8');
  // The build's /login page with its static panel already in place (scripts/prerender-plugin.ts).
  const loginPath = resolve(root, 'login.html');
  const loginHtml = existsSync(loginPath) ? readFileSync(loginPath, 'utf8') : indexHtml;
  // The public quote page (src/share), served for /q/{token}; older builds fall back to the shell.
  const sharePagePath = resolve(root, 'share.html');
  const shareHtml = existsSync(sharePagePath) ? readFileSync(sharePagePath, 'utf8') : indexHtml;
  const app = Fastify({
    // A share link's token is a password to its quote: logged URLs carry a placeholder instead.
    logger: options.logger
      ? {
          serializers: {
            req: (request: FastifyRequest) => ({
              method: request.method,
              url: redactShareTokens(request.url),
            }),
          },
        }
      : false,
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(
        indexHtml,
        options.connectOrigins ?? [],
        options.frameOrigins ?? [],
      ),
    },
    // Google sign-in opens a popup that reports back through window.opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
  await app.register(compress, { global: true, threshold: 1_024 });
  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: true,
    // The build writes .br and .gz copies (scripts/precompress-plugin.ts); @fastify/compress
    // leaves a response that already has a Content-Encoding alone.
    preCompressed: true,
    setHeaders(reply, path) {
      const name = path.slice(root.length);
      if (/\.(html)$/.test(name) || /\/(sw|service-worker)\.js$/.test(name)) {
        reply.header('cache-control', 'no-cache');
      } else if (/\/static\//.test(name) || /\.[0-9a-f]{8,}\./.test(name)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('cache-control', 'public, max-age=3600');
      }
    },
  });

  const sendPage = (reply: FastifyReply, html: string) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  const sendIndex = (reply: FastifyReply) => sendPage(reply, indexHtml);

  app.get('/', (_request, reply) => sendIndex(reply));
  app.get('/login', (_request, reply) => sendPage(reply, loginHtml));
  app.get('/q/:token', (_request, reply) =>
    sendPage(reply.header('referrer-policy', 'no-referrer'), shareHtml),
  );

  // Client-side routes (no file extension) get the app shell; a missing asset is a real 404.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isRoute =
      (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path);
    if (isRoute) return sendIndex(reply);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  const host = options.host ?? 'localhost';
  try {
    await app.listen({ host, port: options.port });
  } catch (error) {
    await app.close().catch(() => {});
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `Port ${options.port} is busy: something else serves it. Stop that process (for example: lsof -i :${options.port}) and try again.`,
      );
    }
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { app, url: `http://localhost:${port}`, close: () => app.close() };
}

async function main() {
  const { values } = parseArgs({
    options: {
      root: { type: 'string', default: 'dist' },
      port: { type: 'string', default: '3000' },
      host: { type: 'string', default: 'localhost' },
      api: {
        type: 'string',
        multiple: true,
        default: ['http://localhost:5050', 'http://127.0.0.1:5050'],
      },
      emulator: { type: 'string', default: '' },
    },
  });
  const emulator = values.emulator ? [`http://${values.emulator}`] : [];
  const server = await createSpaServer({
    root: values.root,
    host: values.host,
    port: Number(values.port),
    connectOrigins: [...values.api, ...emulator],
    frameOrigins: emulator,
    logger: true,
  });
  console.log(`SPA served from ${resolve(values.root)} on ${server.url}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
