import { is, SQL, sql } from 'drizzle-orm';
import { getTableConfig, SQLiteInteger, SQLiteSyncDialect, type SQLiteTable } from 'drizzle-orm/sqlite-core';

/** A column as getTableConfig returns it (its declared type resolves through drizzle's ESM typings). */
export type TableColumn = ReturnType<typeof getTableConfig>['columns'][number];

const dialect = new SQLiteSyncDialect();

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** SQL text of a drizzle expression with parameters inlined and bare column names. */
function inline(expression: SQL): string {
  return dialect.sqlToQuery(sql`${expression}`.inlineParams(), 'indexes').sql;
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Buffer.isBuffer(value)) return `X'${value.toString('hex')}'`;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/** The column's DEFAULT clause value, or undefined (a `$defaultFn` runs in JS, not in SQL). */
export function defaultOf(column: TableColumn): string | undefined {
  if (!column.hasDefault || column.default === undefined) return undefined;
  if (is(column.default, SQL)) return `(${inline(column.default)})`;
  return literal(column.mapToDriverValue(column.default));
}

/** `"name" TYPE ...` as in CREATE TABLE. `forAlter` leaves out what ADD COLUMN cannot take. */
export function columnDefinition(column: TableColumn, inlinePrimaryKey: boolean, forAlter = false): string {
  const parts = [quoteIdent(column.name), column.getSQLType()];
  if (column.primary && inlinePrimaryKey && !forAlter) {
    parts.push('PRIMARY KEY');
    if (is(column, SQLiteInteger) && column.autoIncrement) parts.push('AUTOINCREMENT');
  }
  if (column.notNull) parts.push('NOT NULL');
  const fallback = defaultOf(column);
  if (fallback !== undefined) parts.push(`DEFAULT ${fallback}`);
  if (column.isUnique && !forAlter) parts.push('UNIQUE');
  return parts.join(' ');
}

/** CREATE TABLE IF NOT EXISTS for a drizzle SQLite table, then its indexes. */
export function createTableStatements(table: SQLiteTable): string[] {
  const config = getTableConfig(table);
  const name = quoteIdent(config.name);
  const lines = config.columns.map((column) => columnDefinition(column, config.primaryKeys.length === 0));
  for (const pk of config.primaryKeys) {
    lines.push(`PRIMARY KEY(${pk.columns.map((c) => quoteIdent(c.name)).join(', ')})`);
  }
  for (const unique of config.uniqueConstraints) {
    const constraint = unique.getName() ? `CONSTRAINT ${quoteIdent(unique.getName() as string)} ` : '';
    lines.push(`${constraint}UNIQUE(${unique.columns.map((c) => quoteIdent(c.name)).join(', ')})`);
  }
  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    const target = getTableConfig(ref.foreignTable).name;
    let clause = `FOREIGN KEY(${ref.columns.map((c) => quoteIdent(c.name)).join(', ')}) REFERENCES ${quoteIdent(target)}(${ref.foreignColumns.map((c) => quoteIdent(c.name)).join(', ')})`;
    if (fk.onDelete) clause += ` ON DELETE ${fk.onDelete.toUpperCase()}`;
    if (fk.onUpdate) clause += ` ON UPDATE ${fk.onUpdate.toUpperCase()}`;
    lines.push(clause);
  }
  return [`CREATE TABLE IF NOT EXISTS ${name} (\n  ${lines.join(',\n  ')}\n)`, ...indexStatements(table)];
}

export function indexStatements(table: SQLiteTable): string[] {
  const config = getTableConfig(table);
  return config.indexes.map(({ config: index }) => {
    const columns = index.columns.map((c) => (is(c, SQL) ? inline(c) : quoteIdent(c.name))).join(', ');
    const where = index.where ? ` WHERE ${inline(index.where)}` : '';
    return `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${quoteIdent(index.name)} ON ${quoteIdent(config.name)} (${columns})${where}`;
  });
}
