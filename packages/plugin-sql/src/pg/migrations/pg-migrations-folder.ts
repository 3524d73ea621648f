import path from 'node:path';

/** The committed drizzle-kit output for PostgreSQL; src/ and dist/ sit at the same depth. */
export const PG_MIGRATIONS_FOLDER = path.resolve(__dirname, '..', '..', '..', 'drizzle-pg');
