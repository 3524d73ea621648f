import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (from packages/plugin-sql) writes a migration for
// every schema change into ./drizzle; the adapter applies them at start.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/sqlite/schema/index.ts',
  out: './drizzle',
});
