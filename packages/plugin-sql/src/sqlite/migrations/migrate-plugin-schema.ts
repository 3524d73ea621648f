import type { Database } from 'better-sqlite3';
import { is, Table } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { SqlLogger } from '../../shared/sql-logger';
import { SqlMigrationError } from '../../errors';
import { columnDefinition, createTableStatements, defaultOf, indexStatements, quoteIdent } from './plugin-table-sql';

export interface PluginSchemaReport {
  createdTables: string[];
  addedColumns: string[];
  /** Schema entries that are not drizzle SQLite tables (e.g. pgTable). */
  skipped: string[];
}

/**
 * Brings a plugin's drizzle SQLite tables into being: creates missing
 * tables and indexes and adds missing nullable-or-defaulted columns, in one
 * transaction. It never drops, renames or retypes anything, and cannot add a
 * primary-key/unique column or a NOT NULL column without a constant default
 * to an existing table (it fails with a message saying so). Tables of other
 * dialects are skipped with a warning.
 */
export function migratePluginSchema(
  sqlite: Database,
  schema: Record<string, unknown>,
  pluginName: string,
  logger: SqlLogger,
): PluginSchemaReport {
  const report: PluginSchemaReport = { createdTables: [], addedColumns: [], skipped: [] };
  const tables: SQLiteTable[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (is(value, SQLiteTable)) tables.push(value);
    else if (is(value, Table)) report.skipped.push(key);
  }
  if (report.skipped.length > 0) {
    logger.warn(
      { plugin: pluginName, tables: report.skipped },
      `Plugin "${pluginName}" declares non-SQLite tables (${report.skipped.join(', ')}); plugin-sql only migrates sqliteTable definitions.`,
    );
  }
  if (tables.length === 0) return report;
  let step = '';
  try {
    sqlite.transaction(() => {
      for (const table of tables) {
        const { name, columns } = getTableConfig(table);
        step = name;
        const existing = sqlite.pragma(`table_info(${quoteIdent(name)})`) as { name: string }[];
        if (existing.length === 0) {
          for (const statement of createTableStatements(table)) sqlite.exec(statement);
          report.createdTables.push(name);
          continue;
        }
        const have = new Set(existing.map((column) => column.name));
        for (const column of columns) {
          if (have.has(column.name)) continue;
          step = `${name}.${column.name}`;
          if (column.primary || column.isUnique) {
            throw new Error('SQLite cannot add a primary-key or unique column to an existing table; add a unique index instead');
          }
          const fallback = defaultOf(column);
          if (column.notNull && (fallback === undefined || fallback.startsWith('('))) {
            throw new Error('SQLite can only add a NOT NULL column with a constant default; give the column one');
          }
          sqlite.exec(`ALTER TABLE ${quoteIdent(name)} ADD COLUMN ${columnDefinition(column, false, true)}`);
          report.addedColumns.push(`${name}.${column.name}`);
        }
        for (const statement of indexStatements(table)) sqlite.exec(statement);
      }
    }).immediate();
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    throw new SqlMigrationError(`${pluginName}:${step}`, problem, { cause: error });
  }
  if (report.createdTables.length + report.addedColumns.length > 0) {
    logger.info({ plugin: pluginName, ...report }, `Migrated the schema of plugin "${pluginName}"`);
  }
  return report;
}
