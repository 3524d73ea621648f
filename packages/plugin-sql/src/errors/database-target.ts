import { InvalidDatabaseUrlError } from './invalid-database-url-error';

/** Where a PostgreSQL URL points, without its password. */
export interface DatabaseTarget {
  host: string;
  port: number;
  database: string;
  user: string;
  /** `postgres://user@host:port/database`: safe to print. */
  display: string;
}

/** Host, port, database and user of a PostgreSQL URL (the password is never kept). */
export function describeDatabaseUrl(url: string): DatabaseTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidDatabaseUrlError(url.replace(/:[^:@/]*@/, ':***@'), 'it is not a URL');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new InvalidDatabaseUrlError(
      `${parsed.protocol}//${parsed.host}${parsed.pathname}`,
      `the scheme is "${parsed.protocol.replace(/:$/, '')}", not postgres`,
    );
  }
  // node-postgres reads a socket folder from ?host= when the URL has no host.
  const host = parsed.searchParams.get('host') ?? (decodeURIComponent(parsed.hostname) || 'localhost');
  const port = Number(parsed.port || parsed.searchParams.get('port') || 5432);
  const user = decodeURIComponent(parsed.username) || process.env.PGUSER || process.env.USER || 'postgres';
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || user;
  return {
    host,
    port,
    database,
    user,
    display: `postgres://${user}@${host.includes(':') ? `[${host}]` : host}:${port}/${database}`,
  };
}

/** `PostgreSQL at host:port (database "name")`, as error messages name a database. */
export function describeTarget(target: DatabaseTarget): string {
  return `PostgreSQL at ${target.host}:${target.port} (database "${target.database}")`;
}
