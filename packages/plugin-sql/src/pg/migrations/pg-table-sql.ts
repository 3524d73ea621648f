import { is, SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgDialect, type PgEnum, type PgTable } from 'drizzle-orm/pg-core';

/** A column as getTableConfig returns it. */
export type PgTableColumn = ReturnType<typeof getTableConfig>['columns'][number];

const dialect = new PgDialect();

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `"schema"."table"`, or `"table"` in the default schema. */
export function qualifiedName(table: PgTable): string {
  const { name, schema } = getTableConfig(table);
  return schema ? `${quoteIdent(schema)}.${quoteIdent(name)}` : quoteIdent(name);
}

/** SQL text of a drizzle expression with parameters inlined and bare column names. */
function inline(expression: SQL): string {
  return dialect.sqlToQuery(sql`${expression}`.inlineParams(), 'indexes').sql;
}

function literal(value: unknown, type: string): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value) && !/json/.test(type)) {
    return `'{${value.map((item) => (typeof item === 'string' ? `"${item.replace(/["\\]/g, '\\$&')}"` : String(item))).join(',')}}'`;
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/** The column's DEFAULT clause value, or undefined (a `$defaultFn` runs in JavaScript). */
export function defaultOf(column: PgTableColumn): string | undefined {
  if (!column.hasDefault || column.default === undefined) return undefined;
  if (is(column.default, SQL)) return `(${inline(column.default)})`;
  return literal(column.mapToDriverValue(column.default), column.getSQLType());
}

interface IdentityConfig {
  type: 'always' | 'byDefault';
}

/** `"name" TYPE ...` as in CREATE TABLE. `forAlter` leaves out what ADD COLUMN cannot take. */
export function columnDefinition(column: PgTableColumn, inlinePrimaryKey: boolean, forAlter = false): string {
  const parts = [quoteIdent(column.name), column.getSQLType()];
  const identity = (column as { generatedIdentity?: IdentityConfig }).generatedIdentity;
  if (identity) parts.push(`GENERATED ${identity.type === 'always' ? 'ALWAYS' : 'BY DEFAULT'} AS IDENTITY`);
  const generated = (column as { generated?: { as: unknown } }).generated;
  if (generated) {
    const as = typeof generated.as === 'function' ? (generated.as as () => unknown)() : generated.as;
    parts.push(`GENERATED ALWAYS AS (${is(as, SQL) ? inline(as) : String(as)}) STORED`);
  }
  if (column.primary && inlinePrimaryKey && !forAlter) parts.push('PRIMARY KEY');
  if (column.notNull && !(column.primary && inlinePrimaryKey)) parts.push('NOT NULL');
  const fallback = generated ? undefined : defaultOf(column);
  if (fallback !== undefined) parts.push(`DEFAULT ${fallback}`);
  if (column.isUnique && !forAlter) parts.push('UNIQUE');
  return parts.join(' ');
}

/** CREATE TABLE IF NOT EXISTS for a drizzle pg-core table (constraints inline), then its indexes. */
export function createTableStatements(table: PgTable): string[] {
  const config = getTableConfig(table);
  const lines = config.columns.map((column) => columnDefinition(column, config.primaryKeys.length === 0));
  for (const pk of config.primaryKeys)
    lines.push(`PRIMARY KEY (${pk.columns.map((c) => quoteIdent(c.name)).join(', ')})`);
  for (const unique of config.uniqueConstraints) {
    const name = unique.getName();
    lines.push(
      `${name ? `CONSTRAINT ${quoteIdent(name)} ` : ''}UNIQUE (${unique.columns.map((c) => quoteIdent(c.name)).join(', ')})`,
    );
  }
  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    let clause = `FOREIGN KEY (${ref.columns.map((c) => quoteIdent(c.name)).join(', ')}) REFERENCES ${qualifiedName(ref.foreignTable)} (${ref.foreignColumns
      .map((c) => quoteIdent(c.name))
      .join(', ')})`;
    if (fk.onDelete) clause += ` ON DELETE ${fk.onDelete.toUpperCase()}`;
    if (fk.onUpdate) clause += ` ON UPDATE ${fk.onUpdate.toUpperCase()}`;
    lines.push(clause);
  }
  for (const check of config.checks) lines.push(`CONSTRAINT ${quoteIdent(check.name)} CHECK (${inline(check.value)})`);
  return [
    `CREATE TABLE IF NOT EXISTS ${qualifiedName(table)} (\n  ${lines.join(',\n  ')}\n)`,
    ...indexStatements(table),
  ];
}

interface IndexedColumn {
  name: string;
  indexConfig?: { order?: string; nulls?: string; opClass?: string };
}

/** CREATE INDEX IF NOT EXISTS for each index of the table (method, operator classes, WITH and WHERE kept). */
export function indexStatements(table: PgTable): string[] {
  const config = getTableConfig(table);
  return config.indexes.map(({ config: index }) => {
    const columns = index.columns
      .map((c) => {
        if (is(c, SQL)) return `(${inline(c)})`;
        const column = c as unknown as IndexedColumn;
        const extra = column.indexConfig;
        return [
          quoteIdent(column.name),
          extra?.opClass,
          extra?.order,
          extra?.nulls ? `NULLS ${extra.nulls.toUpperCase()}` : undefined,
        ]
          .filter(Boolean)
          .join(' ');
      })
      .join(', ');
    const method = index.method && index.method !== 'btree' ? ` USING ${index.method}` : '';
    const withClause =
      index.with && Object.keys(index.with).length > 0
        ? ` WITH (${Object.entries(index.with)
            .map(([key, value]) => `${key} = ${value}`)
            .join(', ')})`
        : '';
    const where = index.where ? ` WHERE ${inline(index.where)}` : '';
    const name =
      index.name ??
      `${config.name}_${index.columns.map((c) => (is(c, SQL) ? 'expr' : (c as unknown as IndexedColumn).name)).join('_')}_idx`;
    return `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${quoteIdent(name)} ON ${qualifiedName(table)}${method} (${columns})${withClause}${where}`;
  });
}

/** CREATE TYPE for an enum, skipped when it exists. */
export function createEnumStatement(pgEnum: PgEnum<[string, ...string[]]>): string {
  const name = pgEnum.schema
    ? `${quoteIdent(pgEnum.schema)}.${quoteIdent(pgEnum.enumName)}`
    : quoteIdent(pgEnum.enumName);
  const values = pgEnum.enumValues.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');
  return `DO $$ BEGIN CREATE TYPE ${name} AS ENUM (${values}); EXCEPTION WHEN duplicate_object THEN NULL; END $$`;
}
