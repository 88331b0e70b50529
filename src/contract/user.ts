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

/** GET /api/admin/users: search words over name and email, and a page of up to 100 users. */
export const listUsersQuerySchema = z.strictObject({
  q: searchTextSchema(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: cursorSchema.optional(),
});
export type ListUsersQuery = z.output<typeof listUsersQuerySchema>;

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
