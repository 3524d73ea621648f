import { is, Table } from 'drizzle-orm';
import { getTableConfig, isPgEnum, type PgEnum, PgTable } from 'drizzle-orm/pg-core';
import type { SqlLogger } from '../../shared/sql-logger';
import { SqlMigrationError } from '../../errors';
import type { PgDriver, PgQueryRunner } from '../connection/pg-driver';
import { withSchemaLock } from './advisory-lock';
import {
  columnDefinition,
  createEnumStatement,
  createTableStatements,
  defaultOf,
  indexStatements,
  quoteIdent,
  qualifiedName,
} from './pg-table-sql';

/** What migrating a plugin's schema did (for logs and tests). */
export interface PgPluginSchemaReport {
  createdTables: string[];
  addedColumns: string[];
  /** Exports that are tables of another dialect (sqliteTable), left alone. */
  skipped: string[];
}

/** Tables referenced by foreign keys first, so CREATE TABLE finds them. */
function inDependencyOrder(tables: PgTable[]): PgTable[] {
  const ordered: PgTable[] = [];
  const visiting = new Set<PgTable>();
  const visit = (table: PgTable) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const fk of getTableConfig(table).foreignKeys) {
      const target = fk.reference().foreignTable;
      if (tables.includes(target) && target !== table) visit(target);
    }
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

async function existingColumns(connection: PgQueryRunner, table: PgTable): Promise<Set<string> | null> {
  const { name, schema } = getTableConfig(table);
  const { rows } = await connection.query<{ column_name: string }>({
    text: `SELECT column_name FROM information_schema.columns WHERE table_schema = coalesce($1, current_schema()) AND table_name = $2`,
    values: [schema ?? null, name],
  });
  return rows.length === 0 ? null : new Set(rows.map((row) => row.column_name));
}

/**
 * Creates what a plugin's drizzle pg-core schema (`plugin.schema`) needs
 * and the database lacks: schemas, enums, tables with their keys and
 * indexes, and columns added since. Like the SQLite side it never drops,
 * renames or retypes anything. All of it in one transaction under the
 * schema advisory lock, so servers starting at once do it once. Tables of
 * other dialects are skipped with a warning.
 */
export async function migratePgPluginSchema(
  driver: PgDriver,
  schema: Record<string, unknown>,
  pluginName: string,
  logger: SqlLogger,
  pgvector: boolean,
): Promise<PgPluginSchemaReport> {
  const report: PgPluginSchemaReport = { createdTables: [], addedColumns: [], skipped: [] };
  const tables: PgTable[] = [];
  const enums: PgEnum<[string, ...string[]]>[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (is(value, PgTable)) tables.push(value);
    else if (isPgEnum(value)) enums.push(value);
    else if (is(value, Table)) report.skipped.push(key);
  }
  if (report.skipped.length > 0) {
    logger.warn(
      { plugin: pluginName, tables: report.skipped },
      `Plugin "${pluginName}" declares tables of another dialect (${report.skipped.join(', ')}); on PostgreSQL plugin-sql migrates pgTable definitions.`,
    );
  }
  if (tables.length === 0 && enums.length === 0) return report;
  let step = 'schema';
  await withSchemaLock(driver, async (connection) => {
    await connection.query({ text: 'BEGIN' });
    try {
      const schemas = new Set(
        [...tables.map((table) => getTableConfig(table).schema), ...enums.map((item) => item.schema)].filter(
          (name): name is string => !!name,
        ),
      );
      for (const name of schemas) await connection.query({ text: `CREATE SCHEMA IF NOT EXISTS ${quoteIdent(name)}` });
      if (
        !pgvector &&
        tables.some((table) =>
          getTableConfig(table).columns.some((column) => /^(vector|halfvec|sparsevec|bit)\(/.test(column.getSQLType())),
        )
      ) {
        step = 'extension vector';
        await connection.query({ text: 'CREATE EXTENSION IF NOT EXISTS vector' });
      }
      for (const item of enums) {
        step = `enum ${item.enumName}`;
        await connection.query({ text: createEnumStatement(item) });
      }
      for (const table of inDependencyOrder(tables)) {
        const { name, columns } = getTableConfig(table);
        step = name;
        const have = await existingColumns(connection, table);
        if (!have) {
          for (const statement of createTableStatements(table)) await connection.query({ text: statement });
          report.createdTables.push(name);
          continue;
        }
        for (const column of columns) {
          if (have.has(column.name)) continue;
          step = `${name}.${column.name}`;
          if (column.primary) throw new Error('a primary-key column cannot be added to an existing table');
          if (column.notNull && defaultOf(column) === undefined && !(column as { generated?: unknown }).generated) {
            throw new Error('a NOT NULL column needs a default to be added to a table that has rows; give it one');
          }
          await connection.query({
            text: `ALTER TABLE ${qualifiedName(table)} ADD COLUMN IF NOT EXISTS ${columnDefinition(column, false, true)}`,
          });
          report.addedColumns.push(`${name}.${column.name}`);
        }
        for (const statement of indexStatements(table)) await connection.query({ text: statement });
      }
      await connection.query({ text: 'COMMIT' });
    } catch (error) {
      await connection.query({ text: 'ROLLBACK' }).catch(() => undefined);
      let problem = error instanceof Error ? error.message : String(error);
      if (/extension "vector"|type "(vector|halfvec)" does not exist/.test(problem)) {
        problem +=
          ' (the plugin stores pgvector columns: install pgvector on the server, or CREATE EXTENSION vector as a privileged user)';
      }
      throw new SqlMigrationError(`${pluginName}:${step}`, problem, { cause: error });
    }
  });
  if (report.createdTables.length + report.addedColumns.length > 0) {
    logger.info({ plugin: pluginName, ...report }, `Migrated the schema of plugin "${pluginName}"`);
  }
  return report;
}
