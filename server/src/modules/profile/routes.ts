import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '#contract/errors';
import {
  administratorContactsSchema,
  profileSchema,
  rescoreStepSchema,
  skillSuggestionsSchema,
  updateProfileBodySchema,
  upworkProfileDraftSchema,
} from '#contract/profile';

import { errorAnswers } from '../../route-errors.ts';
import { sharedLimiter, upworkFreelancerProfile } from '../upwork/service.ts';
import { administratorContacts, type ActiveAdministrators } from './administrators.ts';
import { rescoreAfterProfileChange, skillSuggestions, type JobScoresDoor } from './job-scores.ts';
import { getProfile, updateProfile } from './service.ts';
import { toProfileDraft } from './upwork-draft.ts';

export type ProfileRoutesOptions = {
  /** The jobs area's scoring, for re-scoring after a save and suggesting skills. */
  jobScores: JobScoresDoor;
  /** The users area's active administrators, for the not-enabled page. */
  activeAdministrators: ActiveAdministrators;
};

const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (app, options) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['profile'],
        summary: 'The caller’s profile',
        response: { 200: profileSchema },
      },
    },
    async (request) => getProfile(app.db, request.user!),
  );

  app.put(
    '/',
    {
      schema: {
        tags: ['profile'],
        summary: 'Update the caller’s profile (fields not sent are kept)',
        body: updateProfileBodySchema,
        response: { 200: profileSchema, 400: apiErrorSchema },
      },
    },
    async (request) =>
      updateProfile(app.db, request.user!, request.body, request.headers['user-agent']),
  );

  app.post(
    '/rescore',
    {
      config: { idempotency: 'claim' },
      schema: {
        tags: ['profile'],
        summary:
          'Score a batch of the caller’s jobs again with the saved profile; repeat until none remain',
        response: { 200: rescoreStepSchema },
      },
    },
    async (request) =>
      rescoreAfterProfileChange(options.jobScores, app.db, request.user!.id, new Date()),
  );

  app.get(
    '/skill-suggestions',
    {
      schema: {
        tags: ['profile'],
        summary: 'Skills the caller’s own jobs ask for, most frequent first',
        response: { 200: skillSuggestionsSchema },
      },
    },
    async (request) => skillSuggestions(options.jobScores, app.db, request.user!.id),
  );

  app.get(
    '/from-upwork',
    {
      config: { module: 'upwork' },
      schema: {
        tags: ['profile'],
        summary:
          'The connected Upwork profile as profile fields, for the caller to review and save',
        response: { 200: upworkProfileDraftSchema, ...errorAnswers(403, 409, 429, 502, 503) },
      },
    },
    async (request) =>
      toProfileDraft(
        await upworkFreelancerProfile(
          { db: app.db, config: app.config, limiter: sharedLimiter(app.config) },
          request.user!.id,
        ),
      ),
  );

  app.get(
    '/administrators',
    {
      schema: {
        tags: ['profile'],
        summary: 'Who to ask for a module: the administrators’ names and emails',
        response: { 200: administratorContactsSchema },
      },
    },
    async () => administratorContacts(options.activeAdministrators, app.db, app.config),
  );
};

export default profileRoutes;
