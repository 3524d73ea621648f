import path from 'node:path';

/** The committed drizzle-kit output; src/ and dist/ sit at the same depth (src/sqlite/migrations here). */
export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', '..', '..', 'drizzle');
