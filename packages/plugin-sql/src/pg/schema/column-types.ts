import { customType } from 'drizzle-orm/pg-core';

/** Raw bytes (a memory's vector as little-endian float32). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/** A full-text document; filled by a generated column, never written by the adapter. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});
