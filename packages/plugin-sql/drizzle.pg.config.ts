import { defineConfig } from 'drizzle-kit';

// PostgreSQL: `npx drizzle-kit generate --config drizzle.pg.config.ts` (from packages/plugin-sql)
// writes a migration for every change of src/pg/schema into ./drizzle-pg.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/pg/schema/index.ts',
  out: './drizzle-pg',
});
