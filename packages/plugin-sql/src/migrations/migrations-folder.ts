import path from 'node:path';

/** The committed drizzle-kit output; src/ and dist/ sit at the same depth. */
export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', '..', 'drizzle');
