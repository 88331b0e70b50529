import { z } from 'zod';

import { cursorSchema, searchTextSchema } from './pagination.ts';

/**
 * Every activity name the product logs, as constants shared by the SPA and the API.
 * The server accepts only these, so a typo in a caller is a 400, not a silent new action.
 */
export const ACTIVITY_ACTIONS = [
  'login',
  'logout',
  // responses
  'generate_response',
  'view_response',
  'edit_response',
  'delete_response',
  'export_response',
  // quotes
  'generate_quote',
  'view_quote',
  'edit_quote',
  'delete_quote',
  'export_quote',
  // what the client did on a quote's share page (logged for the quote's owner)
  'client_view_quote',
  'client_accept_quote',
  'client_decline_quote',
  // jobs
  'apply_job',
  'view_job',
  'search_jobs',
  'filter_jobs_by_score',
  'save_saved_search',
  'load_saved_search',
  'delete_saved_search',
  // templates
  'create_response_template',
  'edit_response_template',
  'delete_response_template',
  'use_response_template',
  'create_quote_template',
  'edit_quote_template',
  'delete_quote_template',
  'use_quote_template',
  // settings and profile
  'update_profile',
  'update_settings',
  'change_password',
  'view_settings',
  // portfolio
  'create_portfolio',
  'update_portfolio',
  'delete_portfolio',
  'upload_portfolio',
  'view_portfolio',
  'search_portfolio',
  'ai_search_portfolio',
  // analytics and dashboard
  'view_analytics',
  'view_dashboard',
  'export_data',
  'dashboard_metrics',
  'dashboard_filter',
  'dashboard_export',
  // leads
  'view_lead',
  'create_lead',
  'update_lead',
  'delete_lead',
  'convert_lead',
  'export_lead',
  'search_lead',
  'filter_lead',
  // transactions
  'view_transaction',
  'create_transaction',
  'update_transaction',
  'delete_transaction',
  'export_transaction',
  'search_transaction',
  'filter_transaction',
  // admin
  'view_admin_panel',
  'manage_users',
  'view_user_activity',
  'export_user_data',
  // forms
  'view_form',
  'submit_form',
  'save_form_draft',
  'load_form_template',
  // upwork connection and messages
  'connect_upwork',
  'disconnect_upwork',
  'view_messages',
  'send_message',
  'refresh_messages',
  // navigation and files
  'navigate_to_section',
  'export_file',
] as const;

export const activityActionSchema = z.enum(ACTIVITY_ACTIONS, {
  error: () => ({
    message: 'Unknown activity action: use one of the names in src/contract/activity.ts',
  }),
});
export type ActivityAction = z.infer<typeof activityActionSchema>;

/** 16 KB: details are context for a log line, not a place to store documents. */
export const ACTIVITY_DETAILS_MAX_BYTES = 16 * 1024;

export const activityDetailsSchema = z
  .record(z.string(), z.unknown())
  .refine(
    (details) =>
      new TextEncoder().encode(JSON.stringify(details)).length <= ACTIVITY_DETAILS_MAX_BYTES,
    {
      message: `details must be at most ${ACTIVITY_DETAILS_MAX_BYTES / 1024} KB of JSON`,
    },
  );

/** The body of POST /api/activities/log: an action and what it was about. */
export const logActivityBodySchema = z.strictObject({
  action: activityActionSchema,
  details: activityDetailsSchema.optional().default({}),
  jobId: z.string().max(200).nullish(),
  searchName: z.string().max(200).nullish(),
  templateName: z.string().max(200).nullish(),
});
export type LogActivityBody = z.input<typeof logActivityBodySchema>;

export const activitySchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  jobId: z.string().nullable(),
  searchName: z.string().nullable(),
  templateName: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Activity = z.infer<typeof activitySchema>;

export const listActivitiesQuerySchema = z.strictObject({
  action: activityActionSchema.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  q: searchTextSchema(200).optional(),
  userId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: cursorSchema.optional(),
});
export type ListActivitiesQuery = z.input<typeof listActivitiesQuerySchema>;
