import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  listRoomsQuerySchema,
  messageSchema,
  messageSettingsSchema,
  messageSyncResultSchema,
  roomIdParamsSchema,
  roomLeadResultSchema,
  roomListSchema,
  roomThreadSchema,
  sendMessageBodySchema,
  unreadCountSchema,
  updateMessageSettingsBodySchema,
  type ReplyDraftEvent,
} from '#contract/messages';

import { GenerationLimits, GenerationRefused } from '../../ai/generation-limits.ts';
import { openSse } from '../../plugins/sse.ts';
import { errorAnswers } from '../../route-errors.ts';
import { activeModel } from '../ai-settings/service.ts';
import { sharedLimiter } from '../upwork/service.ts';
import { gatherReplyContext, runReplyDraft } from './draft.ts';
import * as service from './service.ts';

const errors = errorAnswers(400, 401, 403, 404);

const upworkErrors = errorAnswers(400, 401, 403, 404, 409, 429, 502, 503);

/**
 * /api/messages (every signed-in user): the Upwork rooms and their threads, replies sent through
 * Upwork, a sync on demand (the poller: poll-schedule.ts), the unread count behind the sidebar's
 * badge, the reply-time target, "create lead", and AI reply drafts streamed as server-sent events.
 */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.MessageDeps = {
    db: app.db,
    config: app.config,
    limiter: sharedLimiter(app.config),
    events: app.events,
  };
  const limits = new GenerationLimits(app.config.ai);
  const meta = (headers: Record<string, unknown>) => ({
    userAgent: typeof headers['user-agent'] === 'string' ? headers['user-agent'] : undefined,
  });

  app.get(
    '/rooms',
    {
      schema: {
        tags: ['messages'],
        summary: 'The caller’s rooms, newest activity first (q, unread only, cursor pages)',
        querystring: listRoomsQuerySchema,
        response: { 200: roomListSchema, ...errors },
      },
    },
    async (request) => service.listRooms(app.db, request.user!.id, request.query),
  );

  app.get(
    '/rooms/:id',
    {
      schema: {
        tags: ['messages'],
        summary: 'One thread with its context; opening it marks it read (logs view_messages)',
        params: roomIdParamsSchema,
        response: { 200: roomThreadSchema, ...errors },
      },
    },
    async (request) =>
      service.openRoom(
        app.db,
        app.events,
        request.user!.id,
        request.params.id,
        meta(request.headers),
      ),
  );

  app.post(
    '/rooms/:id/messages',
    {
      config: { idempotency: 'claim' },
      schema: {
        tags: ['messages'],
        summary: 'Reply in the room through Upwork (logs send_message)',
        params: roomIdParamsSchema,
        body: sendMessageBodySchema,
        response: { 201: messageSchema, ...upworkErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.sendRoomMessage(
            deps,
            { id: request.user!.id, name: request.user!.name },
            request.params.id,
            request.body.body,
            meta(request.headers),
          ),
        ),
  );

  app.post(
    '/refresh',
    {
      config: { idempotency: 'claim' },
      schema: {
        tags: ['messages'],
        summary: 'Check Upwork for new messages now (logs refresh_messages)',
        response: { 200: messageSyncResultSchema, ...upworkErrors },
      },
    },
    // A refusal's Retry-After (the refresh cooldown, or Upwork's own limit) is set by the error
    // handler from the error's retryAfterSeconds.
    async (request) =>
      service.syncMessages(deps, request.user!.id, {
        reason: 'refresh',
        userAgent: meta(request.headers).userAgent,
      }),
  );

  app.get(
    '/unread-count',
    {
      schema: {
        tags: ['messages'],
        summary: 'The sum of the caller’s unread counts (the Messages badge)',
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request) => service.unreadCount(app.db, request.user!.id),
  );

  app.get(
    '/settings',
    {
      schema: {
        tags: ['messages'],
        summary: 'The reply-time target',
        response: { 200: messageSettingsSchema, ...errors },
      },
    },
    async (request) => service.messageSettings(app.db, request.user!.id),
  );

  app.put(
    '/settings',
    {
      schema: {
        tags: ['messages'],
        summary: 'Set the reply-time target (hours)',
        body: updateMessageSettingsBodySchema,
        response: { 200: messageSettingsSchema, ...errors },
      },
    },
    async (request) => service.updateMessageSettings(app.db, request.user!.id, request.body),
  );

  app.post(
    '/rooms/:id/lead',
    {
      schema: {
        tags: ['messages'],
        summary: 'Create the room’s lead now, or link it to the client’s existing lead',
        params: roomIdParamsSchema,
        response: { 200: roomLeadResultSchema, ...errors },
      },
    },
    async (request) => service.createRoomLead(app.db, request.user!.id, request.params.id),
  );

  app.post(
    '/rooms/:id/draft',
    {
      config: { idempotency: 'claim' },
      schema: {
        tags: ['messages'],
        summary: 'Draft a reply with AI (text/event-stream of ReplyDraftEvent; nothing is saved)',
        params: roomIdParamsSchema,
        response: errorAnswers(400, 401, 403, 404, 429, 503),
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const ctx = await gatherReplyContext(app.db, user, request.params.id);
      const model = await activeModel(app.db, app.config);
      let release: () => void;
      try {
        release = limits.acquire(user.id, model !== null);
      } catch (error) {
        if (error instanceof GenerationRefused)
          reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
      const sse = openSse(request, reply);
      sse.comment('drafting');
      const emit = (event: ReplyDraftEvent) => sse.send({ event: event.type, data: event });
      try {
        const { failed } = await runReplyDraft(app.config, ctx, model, {
          emit,
          signal: sse.signal,
        });
        limits.settle(model !== null, failed !== null);
      } catch (error) {
        request.log.error({ err: error }, 'reply draft failed');
        emit({
          type: 'error',
          code: 'internal_error',
          message: 'Something went wrong while writing the draft. Try again.',
        });
      } finally {
        release();
        sse.end();
      }
    },
  );
};

export default messageRoutes;
