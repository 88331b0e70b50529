import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import type { Module, Role, UserStatus } from '#contract/user';

import { id, timestamps } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Firebase uid: the owner key is the token's `sub`, never the email, which can change. */
    firebaseUid: text('firebase_uid').notNull(),
    email: text('email').notNull(),
    name: text('name'),
    role: text('role').$type<Role>().notNull().default('member'),
    modules: text('modules')
      .array()
      .$type<Module[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').$type<UserStatus>().notNull().default('active'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('users_firebase_uid_key').on(table.firebaseUid),
    index('users_email_idx').on(sql`lower(${table.email})`),
  ],
);
export type UserRow = typeof users.$inferSelect;
