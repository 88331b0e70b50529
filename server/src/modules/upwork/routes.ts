import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { jobFiltersSchema } from '#contract/jobs';
import {
  startUpworkConnectResultSchema,
  updateUpworkConnectionBodySchema,
  upworkCallbackBodySchema,
  upworkConnectionSchema,
  upworkDisconnectPreviewSchema,
  upworkSyncResultSchema,
} from '#contract/upwork';

import type { Database } from '../../db/client.ts';
import { connectionRow, toConnection } from './connection.ts';
import { sharedLimiter, type UpworkDeps } from './deps.ts';
import { disconnect, disconnectPreview } from './disconnect.ts';
import * as oauth from './oauth-flow.ts';
import { syncJobs, type UpworkJobStore } from './service.ts';
import { errorAnswers } from '../../route-errors.ts';

export type UpworkRoutesOptions = {
  /** The store synced postings go to (the jobs area's; passed in so this area never imports it). */
  jobStoreFor: (db: Database) => UpworkJobStore;
};

const errors = errorAnswers(400, 401, 403, 404, 409, 429, 502, 503);

/** /api/upwork: the connection (OAuth) and the job sync. Every route needs the 'upwork' module. */
const upworkRoutes: FastifyPluginAsyncZod<UpworkRoutesOptions> = async (app, options) => {
  const deps: UpworkDeps = {
    db: app.db,
    config: app.config,
    limiter: sharedLimiter(app.config),
  };
  const jobStore = options.jobStoreFor(app.db);
  const gate = { module: 'upwork' as const };
  const sensitive = { module: 'upwork' as const, sensitive: true };

  app.get(
    '/connection',
    {
      config: gate,
      schema: {
        tags: ['upwork'],
        summary: 'The caller’s Upwork connection: status, organization, last sync (never tokens)',
        response: { 200: upworkConnectionSchema, ...errors },
      },
    },
    async (request) => toConnection(await connectionRow(app.db, request.user!.id), app.config),
  );

  app.post(
    '/connect',
    {
      config: { ...sensitive, idempotency: 'claim' },
      schema: {
        tags: ['upwork'],
        summary: 'Start the OAuth flow: answers the Upwork authorize URL (with a single-use state)',
        response: { 200: startUpworkConnectResultSchema, ...errors },
      },
    },
    async (request) => ({ authorizeUrl: await oauth.startConnect(deps, request.user!.id) }),
  );

  app.post(
    '/callback',
    {
      config: { ...sensitive, idempotency: 'claim' },
      schema: {
        tags: ['upwork'],
        summary: 'Finish the OAuth flow with the code and state Upwork sent back to the SPA',
        body: upworkCallbackBodySchema,
        response: { 200: upworkConnectionSchema, ...errors },
      },
    },
    async (request) => oauth.completeConnect(deps, request.user!.id, request.body),
  );

  app.patch(
    '/connection',
    {
      config: gate,
      schema: {
        tags: ['upwork'],
        summary: 'Choose the organization Upwork requests act for (X-Upwork-API-TenantId)',
        body: updateUpworkConnectionBodySchema,
        response: { 200: upworkConnectionSchema, ...errors },
      },
    },
    async (request) =>
      oauth.chooseOrganization(deps, request.user!.id, request.body.organizationId),
  );

  app.delete(
    '/connection',
    {
      config: sensitive,
      schema: {
        tags: ['upwork'],
        summary:
          'Disconnect: deletes the stored tokens and the Upwork jobs never acted on (remove the app on Upwork too: see removeAppUrl)',
        response: { 200: upworkConnectionSchema, ...errors },
      },
    },
    async (request) => disconnect(deps, request.user!.id, options.jobStoreFor),
  );

  app.get(
    '/connection/disconnect-preview',
    {
      config: gate,
      schema: {
        tags: ['upwork'],
        summary: 'How many Upwork jobs a disconnect removes (never acted on) and keeps',
        response: { 200: upworkDisconnectPreviewSchema, ...errors },
      },
    },
    async (request) => disconnectPreview(deps, request.user!.id, options.jobStoreFor),
  );

  app.post(
    '/sync',
    {
      config: { ...gate, idempotency: 'claim' },
      schema: {
        tags: ['upwork'],
        summary: 'Fetch Upwork jobs matching these filters into the caller’s job list',
        body: jobFiltersSchema,
        response: { 200: upworkSyncResultSchema, ...errors },
      },
    },
    async (request) => syncJobs(deps, request.user!.id, request.body, jobStore),
  );
};

export default upworkRoutes;
