import { defineConfig } from 'drizzle-kit';

// Generated SQL is reviewed and committed; both engines apply the same files at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema/index.ts',
  out: './server/src/db/migrations',
});
