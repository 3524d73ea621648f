import fs from 'node:fs';
import path from 'node:path';
import { type ConnectionSettings, SqliteConnection } from './sqlite-connection';

interface Entry {
  connection: SqliteConnection;
  refs: number;
}

// One connection per database file per process: every agent's adapter on the
// same file shares it (and its statement cache); the last release closes it.
const open = new Map<string, Entry>();

function keyOf(file: string): string {
  return file === ':memory:' ? file : path.resolve(file);
}

/** Opens (or shares) the connection to `file`; settings of the first opener win. */
export function acquireConnection(file: string, settings: ConnectionSettings): SqliteConnection {
  const key = keyOf(file);
  const existing = open.get(key);
  if (existing) {
    existing.refs += 1;
    return existing.connection;
  }
  if (key !== ':memory:') fs.mkdirSync(path.dirname(key), { recursive: true });
  const connection = new SqliteConnection(key, settings);
  open.set(key, { connection, refs: 1 });
  return connection;
}

/** Drops one reference; closes the connection when none is left. */
export function releaseConnection(connection: SqliteConnection): void {
  const entry = open.get(connection.path);
  if (!entry || entry.connection !== connection) return;
  entry.refs -= 1;
  if (entry.refs > 0) return;
  open.delete(connection.path);
  connection.close();
}

/** How many adapters share the connection to `file` (0 when closed). */
export function connectionRefCount(file: string): number {
  return open.get(keyOf(file))?.refs ?? 0;
}
