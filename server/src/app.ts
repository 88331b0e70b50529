import { randomUUID } from 'node:crypto';

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

import type { Config } from './config.ts';
import { openDatabase, type Database, type DatabaseHandle } from './db/client.ts';
import { joinRequestTransactions } from './db/request-transaction.ts';
import { registerModules } from './modules/index.ts';
import { redactShareTokens } from './share-tokens.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import eventsPlugin from './plugins/events.ts';
import idempotencyPlugin from './plugins/idempotency.ts';
import loadSheddingPlugin from './plugins/load-shedding.ts';
import pgliteStatisticsPlugin from './plugins/pglite-statistics.ts';
import rateLimitsPlugin from './plugins/rate-limits.ts';
import jobsPlugin from './jobs/jobs-plugin.ts';
import securityPlugin from './plugins/security.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
    /** Areas that keep data outside the database (files) register a cleanup for user deletion. */
    userDataCleanups: Array<(userId: string) => Promise<void>>;
    /** Every registered route with its access flags (the authorization matrix test walks it). */
    routeTable: RouteEntry[];
  }
}

export type RouteEntry = {
  method: string;
  url: string;
  public: boolean;
  role: string | undefined;
  module: string | undefined;
};

export type BuildAppOptions = {
  /** An open database (tests pass their own); otherwise one is opened from config. */
  database?: DatabaseHandle;
  /** `false` silences the logs; `{ stream }` captures them (tests). Redaction always applies. */
  logger?: false | { level?: string; stream?: { write: (line: string) => void } };
};

/** Builds the API without listening (tests use it with inject()). */
export async function buildApp(
  config: Config,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const database = options.database ?? (await openConfiguredDatabase(config));
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: options.logger?.level ?? config.logLevel,
            ...(options.logger?.stream ? { stream: options.logger.stream } : {}),
            // Tokens and cookies never reach the logs (docs/security.md, What is logged).
            // Share-link tokens in request URLs are replaced before the line is written.
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactShareTokens(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                '*.password',
                '*.apiKey',
                '*.token',
                '*.webhookUrl',
              ],
              remove: true,
            },
          },
    bodyLimit: config.bodyLimitBytes,
    // Receiving a request is bounded (a slow or short body is cut with 408); the response is
    // not, so event streams stay open. Idle keep-alive connections close after their timeout.
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      requestTimeout: config.timeouts.requestMs,
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: config.timeouts.checkIntervalMs,
    },
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  // Queries made through app.db join the request's transaction when one is open (a POST with an
  // Idempotency-Key); everything else reaches the database directly.
  app.decorate('db', joinRequestTransactions(database.db));
  app.decorate('database', database);
  app.decorate('userDataCleanups', []);
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Two kinds of route are public by what they are: the API docs, and CORS preflights (a browser
    // sends those without credentials; they answer with headers only). Every other route is
    // public only when its own options say so.
    if (route.url.startsWith('/api/docs') || methods.every((method) => method === 'OPTIONS')) {
      route.config = { ...route.config, public: true };
    }
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      app.routeTable.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        role: route.config?.role,
        module: route.config?.module,
      });
    }
  });
  if (!options.database) {
    app.addHook('onClose', async () => database.close());
  }

  await app.register(swagger, {
    openapi: {
      info: { title: 'Bidwright API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(errorsPlugin);
  await app.register(loadSheddingPlugin, { config });
  await app.register(securityPlugin, { config });
  await app.register(authPlugin, { config, db: database.db });
  await app.register(rateLimitsPlugin, { config });
  await app.register(eventsPlugin);
  await app.register(jobsPlugin);
  await app.register(pgliteStatisticsPlugin);
  await app.register(idempotencyPlugin, { db: database.db });
  await registerModules(app);

  return app;
}

export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({
        engine: 'postgres',
        url: config.databaseUrl,
        migrate: config.migrateOnStart,
      })
    : openDatabase({ engine: 'pglite', dataDir: `${config.dataDir}/pglite` });
}
