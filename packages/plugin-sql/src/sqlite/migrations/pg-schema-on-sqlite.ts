import { is, SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { PluginSchemaUnsupportedError } from '../../errors';

/**
 * elizaOS plugins declare their tables with drizzle's pg-core (`pgTable`) and
 * query them through `runtime.db`. On the SQLite default this file maps such
 * a table to SQLite: column types to SQLite storage classes, PostgreSQL
 * defaults (now(), gen_random_uuid(), '...'::jsonb) to SQLite expressions,
 * and each column's value conversion to what better-sqlite3 can bind and
 * what the plugin expects back (booleans, timestamps). The column objects
 * are the plugin's own, adjusted in place, so its drizzle queries work as
 * written. What SQLite cannot hold fails at start with
 * PluginSchemaUnsupportedError (plugin, table, fix).
 */

/** A pg column as getTableConfig returns it. */
type PgColumn = ReturnType<typeof getTableConfig>['columns'][number];

const dialect = new SQLiteSyncDialect();
const MAPPED = Symbol.for('kith.sqlite.mapped');

/** Timestamps are stored as ISO-8601 UTC text, which sorts and compares correctly. */
const NOW_ISO = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";
const RANDOM_UUID =
  "(lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))))";

export function isPgTable(value: unknown): value is PgTable {
  return is(value, PgTable);
}

function inline(expression: SQL): string {
  return dialect.sqlToQuery(sql`${expression}`.inlineParams(), 'indexes').sql;
}

/** The SQLite storage class for a pg column type, or null when SQLite cannot hold it. */
export function sqliteTypeOf(column: PgColumn): 'TEXT' | 'INTEGER' | 'REAL' | 'NUMERIC' | 'BLOB' | null {
  const type = column.getSQLType().toLowerCase().trim();
  if (type.endsWith(']')) return 'TEXT'; // arrays, as PostgreSQL array literals
  if (column.columnType === 'PgEnumColumn') return 'TEXT';
  if (
    /^(uuid|text|varchar|character varying|char|character|citext|jsonb?|timestamp|date|time|interval|inet|cidr|macaddr|vector|halfvec|sparsevec)\b/.test(
      type,
    )
  )
    return 'TEXT';
  if (/^(integer|int|int2|int4|int8|smallint|bigint|serial|smallserial|bigserial|boolean)\b/.test(type))
    return 'INTEGER';
  if (/^(real|double precision|float4|float8)\b/.test(type)) return 'REAL';
  if (/^(numeric|decimal)\b/.test(type)) return 'NUMERIC';
  if (type === 'bytea') return 'BLOB';
  return null;
}

/** A pg DEFAULT expression in SQLite terms; null when it has no SQLite equivalent. */
export function sqliteDefaultOf(expression: string): string | null {
  const text = expression.trim();
  if (
    /^(now\(\)|current_timestamp|localtimestamp|timezone\('utc'::text, now\(\)\)|\(now\(\) at time zone 'utc'\))$/i.test(
      text,
    )
  )
    return NOW_ISO;
  if (/^(gen_random_uuid|uuid_generate_v4)\(\)$/i.test(text)) return RANDOM_UUID;
  if (/^(true|false)$/i.test(text)) return /^true$/i.test(text) ? '1' : '0';
  const cast = /^('(?:[^']|'')*')::[a-z_ ]+(\[\])?$/i.exec(text);
  if (cast) return cast[1];
  if (/^'(?:[^']|'')*'$/.test(text) || /^-?\d+(\.\d+)?$/.test(text) || /^null$/i.test(text)) return text;
  return null;
}

function toIso(value: unknown): unknown {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(value))
    return new Date(`${value.replace(' ', 'T')}Z`);
  if (typeof value === 'string' || typeof value === 'number') return new Date(value);
  return value;
}

/** Makes the column's values bindable by better-sqlite3 and read back as the plugin wrote them. */
function adaptValues(column: PgColumn): void {
  const own = (name: 'mapToDriverValue' | 'mapFromDriverValue', fn: (value: unknown) => unknown) =>
    Object.defineProperty(column, name, { value: fn, writable: true, configurable: true });
  switch (column.columnType) {
    case 'PgBoolean':
      own('mapToDriverValue', (value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
      own('mapFromDriverValue', (value) =>
        typeof value === 'number' || typeof value === 'bigint'
          ? Number(value) !== 0
          : value === '1' || value === 'true' || value === true,
      );
      break;
    case 'PgTimestamp':
      own('mapToDriverValue', (value) => (value instanceof Date ? value.toISOString() : value));
      own('mapFromDriverValue', toIso);
      break;
    case 'PgDate':
      own('mapToDriverValue', (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value));
      own('mapFromDriverValue', toIso);
      break;
    case 'PgJson':
    case 'PgJsonb':
      own('mapToDriverValue', (value) => JSON.stringify(value));
      own('mapFromDriverValue', (value) => (typeof value === 'string' ? JSON.parse(value) : value));
      break;
    default:
      break;
  }
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** One table's SQLite form: CREATE TABLE, its indexes, and each column's definition (for ADD COLUMN). */
export interface SqliteTablePlan {
  name: string;
  create: string;
  indexes: string[];
  columns: {
    name: string;
    definition: string;
    primary: boolean;
    unique: boolean;
    notNull: boolean;
    constantDefault: boolean;
  }[];
}

/**
 * Plans a pg-core table on SQLite and adjusts its column objects (defaults and
 * value conversions) so drizzle queries on them run on SQLite. Throws
 * PluginSchemaUnsupportedError for what cannot be mapped.
 */
export function planPgTableOnSqlite(table: PgTable, plugin: string): SqliteTablePlan {
  const config = getTableConfig(table);
  const fail = (problem: string) =>
    new PluginSchemaUnsupportedError(plugin, config.schema ? `${config.schema}.${config.name}` : config.name, problem);
  if (config.schema && config.schema !== 'public')
    throw fail(`it lives in the PostgreSQL schema "${config.schema}", which SQLite has no equivalent for`);
  if (config.checks.length > 0)
    throw fail(
      `CHECK constraints (${config.checks.map((c) => c.name).join(', ')}) are PostgreSQL SQL that SQLite cannot run`,
    );
  const inlinePk = config.primaryKeys.length === 0;
  const columns = config.columns.map((column) => {
    const type = sqliteTypeOf(column);
    if (!type) throw fail(`column "${column.name}" has type ${column.getSQLType()}, which SQLite cannot hold`);
    const serial = /serial/i.test(column.getSQLType());
    if (serial && !column.primary)
      throw fail(
        `column "${column.name}" is a serial that is not the primary key; SQLite numbers only its INTEGER PRIMARY KEY`,
      );
    let fallback: string | undefined;
    if (column.hasDefault && column.default !== undefined && !serial) {
      if (is(column.default, SQL) && (column as unknown as Record<symbol, boolean>)[MAPPED]) {
        fallback = inline(column.default); // mapped by an earlier agent of this process
      } else if (is(column.default, SQL)) {
        const mapped = sqliteDefaultOf(inline(column.default));
        if (mapped === null)
          throw fail(
            `column "${column.name}" defaults to ${inline(column.default)}, a PostgreSQL expression with no SQLite equivalent`,
          );
        fallback = mapped;
        // Drizzle writes an SQL default into each INSERT that omits the column: it must be SQLite's.
        (column as { default: unknown }).default = sql.raw(mapped);
      } else {
        adaptValues(column);
        const value = column.mapToDriverValue(column.default);
        fallback =
          value === null
            ? 'NULL'
            : typeof value === 'number'
              ? String(value)
              : `'${String(typeof value === 'object' ? JSON.stringify(value) : value).replace(/'/g, "''")}'`;
      }
    }
    if (!(column as unknown as Record<symbol, boolean>)[MAPPED]) {
      adaptValues(column);
      Object.defineProperty(column, MAPPED, { value: true });
    }
    const parts = [quote(column.name), type];
    if (column.primary && inlinePk) parts.push(serial ? 'PRIMARY KEY AUTOINCREMENT' : 'PRIMARY KEY');
    if (column.notNull) parts.push('NOT NULL');
    if (fallback !== undefined) parts.push(`DEFAULT ${fallback}`);
    const unique = column.isUnique;
    const definition = [...parts, ...(unique ? ['UNIQUE'] : [])].join(' ');
    return {
      name: column.name,
      definition,
      primary: column.primary,
      unique,
      notNull: column.notNull,
      constantDefault: fallback !== undefined && !fallback.startsWith('('),
    };
  });
  const lines = columns.map((c) => c.definition);
  for (const pk of config.primaryKeys) lines.push(`PRIMARY KEY(${pk.columns.map((c) => quote(c.name)).join(', ')})`);
  for (const unique of config.uniqueConstraints)
    lines.push(`UNIQUE(${unique.columns.map((c) => quote(c.name)).join(', ')})`);
  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    let clause = `FOREIGN KEY(${ref.columns.map((c) => quote(c.name)).join(', ')}) REFERENCES ${quote(getTableConfig(ref.foreignTable).name)}(${ref.foreignColumns.map((c) => quote(c.name)).join(', ')})`;
    if (fk.onDelete) clause += ` ON DELETE ${fk.onDelete.toUpperCase()}`;
    if (fk.onUpdate) clause += ` ON UPDATE ${fk.onUpdate.toUpperCase()}`;
    lines.push(clause);
  }
  const indexes: string[] = [];
  for (const { config: index } of config.indexes) {
    // Vector (hnsw, ivfflat) and other access methods have no SQLite form: such an index is left out (searches scan).
    if (index.method && !['btree', 'hash'].includes(index.method)) continue;
    if (index.columns.some((c) => is(c, SQL)))
      throw fail(`index "${index.name}" is on an expression, written in PostgreSQL SQL`);
    const names = index.columns.map((c) => quote((c as { name: string }).name)).join(', ');
    const where = index.where ? ` WHERE ${inline(index.where)}` : '';
    indexes.push(
      `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${quote(index.name ?? `${config.name}_${index.columns.length}_idx`)} ON ${quote(config.name)} (${names})${where}`,
    );
  }
  return {
    name: config.name,
    create: `CREATE TABLE IF NOT EXISTS ${quote(config.name)} (\n  ${lines.join(',\n  ')}\n)`,
    indexes,
    columns,
  };
}

/** SQL functions PostgreSQL has that plugins write into their own queries (`set({ updatedAt: sql\`now()\` })`). */
export function registerPgFunctions(sqlite: {
  function(name: string, options: { deterministic: boolean }, fn: () => unknown): unknown;
}): void {
  sqlite.function('now', { deterministic: false }, () => new Date().toISOString());
  sqlite.function('gen_random_uuid', { deterministic: false }, () => crypto.randomUUID());
}
