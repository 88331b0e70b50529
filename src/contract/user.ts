import { z } from 'zod';

import { cursorSchema, searchTextSchema } from './pagination.ts';

export const ROLES = ['admin', 'member'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Modules gate areas of the product; the API enforces them, not only the sidebar. */
export const MODULES = ['response', 'proposal', 'upwork', 'portfolio'] as const;
export const moduleSchema = z.enum(MODULES);
export type Module = z.infer<typeof moduleSchema>;

export const USER_STATUSES = ['active', 'disabled'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** The backend user record: what GET /api/users returns. */
export const backendUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
  modules: z.array(moduleSchema),
  status: userStatusSchema,
  createdAt: z.iso.datetime(),
  lastSignInAt: z.iso.datetime().nullable(),
});
export type BackendUser = z.infer<typeof backendUserSchema>;

const backendUserShape = backendUserSchema.shape;

/**
 * The part of the backend user the SPA's session keeps (GET /api/users, PATCH /api/users/me):
 * id, email, name, role and modules. Read leniently, so a newer API never signs an older SPA out:
 * a field that does not fit reads as null, a module this build does not know is dropped (it could
 * never open a gate), and an empty name reads as none (the identity provider's name shows).
 */
export const sessionUserSchema = z.object({
  id: z.string().min(1).nullable().catch(null),
  email: backendUserShape.email.min(1).nullable().catch(null),
  name: backendUserShape.name
    .catch(null)
    .transform((name) => (name !== null && name.trim() !== '' ? name : null)),
  role: roleSchema.nullable().catch(null),
  modules: z
    .array(z.unknown())
    .catch([])
    .transform((items) =>
      items.filter((item): item is Module => moduleSchema.safeParse(item).success),
    ),
});
export type SessionUser = z.output<typeof sessionUserSchema>;

/** The columns the Users table sorts by. */
export const USER_SORTS = ['name', 'email', 'role', 'lastSignInAt', 'createdAt'] as const;
export const userSortSchema = z.enum(USER_SORTS, {
  error: () => ({ message: `sort must be one of ${USER_SORTS.join(', ')}` }),
});
export type UserSort = z.infer<typeof userSortSchema>;
export const sortDirectionSchema = z.enum(['asc', 'desc'], {
  error: () => ({ message: 'dir must be asc or desc' }),
});
export type SortDirection = z.infer<typeof sortDirectionSchema>;

/**
 * GET /api/admin/users: search words over name and email, a sort column and direction (newest
 * first by default), and a page of up to 100 users.
 */
export const listUsersQuerySchema = z.strictObject({
  q: searchTextSchema(200).optional(),
  sort: userSortSchema.default('createdAt'),
  dir: sortDirectionSchema.default('desc'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: cursorSchema.optional(),
});
export type ListUsersQuery = z.output<typeof listUsersQuerySchema>;

/** A page of users with how many match the search in all, for "21–40 of 57". */
export const userListPageSchema = z.object({
  items: z.array(backendUserSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().min(0),
});
export type UserListPage = z.infer<typeof userListPageSchema>;

/** GET /api/admin/users/:id/export: the whole account as one JSON document or as CSV rows. */
export const exportUserQuerySchema = z.strictObject({
  format: z
    .enum(['json', 'csv'], { error: () => ({ message: 'format must be json or csv' }) })
    .default('json'),
});

export const getUsersQuerySchema = z.strictObject({
  email: z.email({ message: 'email must be an email address' }).max(320),
});

export const updateUserBodySchema = z
  .strictObject({
    role: roleSchema.optional(),
    modules: z.array(moduleSchema).max(MODULES.length).optional(),
    name: z.string().trim().min(1).max(120).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: 'Send at least one of role, modules, name',
  });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const setUserStatusBodySchema = z.strictObject({ status: userStatusSchema });

export const inviteUserBodySchema = z.strictObject({
  email: z.email({ message: 'email must be an email address' }).max(320),
  name: z.string().trim().min(1).max(120).optional(),
  role: roleSchema.default('member'),
  modules: z.array(moduleSchema).max(MODULES.length).default([]),
});
export type InviteUserBody = z.input<typeof inviteUserBodySchema>;

export const inviteUserResultSchema = z.object({
  user: backendUserSchema,
  passwordResetLink: z.string(),
});

/** PATCH /api/users/me: what a user may change about their own record. */
export const updateOwnUserBodySchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { message: 'name must not be empty' })
    .max(120, { message: 'name must be at most 120 characters' }),
});
export type UpdateOwnUserBody = z.infer<typeof updateOwnUserBodySchema>;
