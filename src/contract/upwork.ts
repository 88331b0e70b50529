import { z } from 'zod';

/** The Upwork connection as the browser sees it. Tokens never appear here. */

export const UPWORK_CONNECTION_STATUSES = ['not_connected', 'connected', 'needs_reauth'] as const;
export const upworkConnectionStatusSchema = z.enum(UPWORK_CONNECTION_STATUSES);
export type UpworkConnectionStatus = z.infer<typeof upworkConnectionStatusSchema>;

/**
 * Where a user removes the app on Upwork after disconnecting: Upwork offers no token revocation,
 * so disconnecting deletes our tokens and the user removes the app there (docs/upwork.md).
 */
export const UPWORK_CONNECTED_SERVICES_URL =
  'https://www.upwork.com/ab/account-security/connected-services';

export const upworkOrganizationSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.string().nullable(),
});
export type UpworkOrganization = z.infer<typeof upworkOrganizationSchema>;

export const upworkConnectionSchema = z.object({
  status: upworkConnectionStatusSchema,
  /** True when the server talks to the local sandbox: the data is a demo. */
  demo: z.boolean(),
  upworkUserName: z.string().nullable(),
  organizationId: z.string().nullable(),
  organizations: z.array(upworkOrganizationSchema),
  connectedAt: z.iso.datetime().nullable(),
  lastSyncAt: z.iso.datetime().nullable(),
  /** The last failure a person should know about (e.g. a missing scope), or null. */
  lastError: z.string().nullable(),
  removeAppUrl: z.string(),
});
export type UpworkConnection = z.infer<typeof upworkConnectionSchema>;

export const startUpworkConnectResultSchema = z.object({ authorizeUrl: z.string() });

export const upworkCallbackBodySchema = z.strictObject({
  code: z.string().trim().min(1, { message: 'The authorization code is missing' }).max(2000),
  state: z.string().trim().min(1, { message: 'The state is missing' }).max(200),
});
export type UpworkCallbackBody = z.infer<typeof upworkCallbackBodySchema>;

export const updateUpworkConnectionBodySchema = z.strictObject({
  organizationId: z.string().trim().min(1, { message: 'Choose an organization' }).max(200),
});

/**
 * What disconnecting does to the user's Upwork jobs: the ones acted on (applied, a response
 * started) stay; the rest are removed with the connection.
 */
export const upworkDisconnectPreviewSchema = z.object({
  removeJobs: z.number().int(),
  keepJobs: z.number().int(),
});
export type UpworkDisconnectPreview = z.infer<typeof upworkDisconnectPreviewSchema>;

export const upworkSyncResultSchema = z.object({
  fetched: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  dropped: z.number().int(),
});
export type UpworkSyncResult = z.infer<typeof upworkSyncResultSchema>;
