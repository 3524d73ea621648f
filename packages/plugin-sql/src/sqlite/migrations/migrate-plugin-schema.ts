import type { Database } from 'better-sqlite3';
import { is, Table } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { SqlLogger } from '../../shared/sql-logger';
import { SqlMigrationError } from '../../errors';
import { isPgTable, planPgTableOnSqlite, registerPgFunctions, type SqliteTablePlan } from './pg-schema-on-sqlite';
import { columnDefinition, createTableStatements, defaultOf, quoteIdent } from './plugin-table-sql';

export interface PluginSchemaReport {
  createdTables: string[];
  addedColumns: string[];
  /** Schema entries that are tables of neither dialect drizzle SQLite or pg-core. */
  skipped: string[];
  /** PostgreSQL (pg-core) tables mapped to SQLite. */
  mappedFromPostgres: string[];
}

/**
 * Brings a plugin's drizzle SQLite tables into being: creates missing
 * tables and indexes and adds missing nullable-or-defaulted columns, in one
 * transaction. It never drops, renames or retypes anything, and cannot add a
 * primary-key/unique column or a NOT NULL column without a constant default
 * to an existing table (it fails with a message saying so). PostgreSQL
 * (pg-core) tables, as elizaOS plugins declare them, are mapped to SQLite
 * (pg-schema-on-sqlite.ts); tables of other dialects are skipped with a warning.
 */
export function migratePluginSchema(
  sqlite: Database,
  schema: Record<string, unknown>,
  pluginName: string,
  logger: SqlLogger,
): PluginSchemaReport {
  const report: PluginSchemaReport = { createdTables: [], addedColumns: [], skipped: [], mappedFromPostgres: [] };
  const tables: SqliteTablePlan[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (is(value, SQLiteTable)) tables.push(sqlitePlan(value));
    else if (isPgTable(value)) {
      // Unmappable tables fail here, before anything is written.
      tables.push(planPgTableOnSqlite(value, pluginName));
      report.mappedFromPostgres.push(tables[tables.length - 1].name);
    } else if (is(value, Table)) report.skipped.push(key);
  }
  if (report.mappedFromPostgres.length > 0) registerPgFunctions(sqlite);
  if (report.skipped.length > 0) {
    logger.warn(
      { plugin: pluginName, tables: report.skipped },
      `Plugin "${pluginName}" declares non-SQLite tables (${report.skipped.join(', ')}); plugin-sql only migrates sqliteTable definitions.`,
    );
  }
  if (tables.length === 0) return report;
  let step = '';
  try {
    sqlite
      .transaction(() => {
        for (const table of tables) {
          const { name, columns } = table;
          step = name;
          const existing = sqlite.pragma(`table_info(${quoteIdent(name)})`) as { name: string }[];
          if (existing.length === 0) {
            for (const statement of [table.create, ...table.indexes]) sqlite.exec(statement);
            report.createdTables.push(name);
            continue;
          }
          const have = new Set(existing.map((column) => column.name));
          for (const column of columns) {
            if (have.has(column.name)) continue;
            step = `${name}.${column.name}`;
            if (column.primary || column.unique) {
              throw new Error(
                'SQLite cannot add a primary-key or unique column to an existing table; add a unique index instead',
              );
            }
            if (column.notNull && !column.constantDefault) {
              throw new Error('SQLite can only add a NOT NULL column with a constant default; give the column one');
            }
            sqlite.exec(`ALTER TABLE ${quoteIdent(name)} ADD COLUMN ${column.definition}`);
            report.addedColumns.push(`${name}.${column.name}`);
          }
          for (const statement of table.indexes) sqlite.exec(statement);
        }
      })
      .immediate();
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    throw new SqlMigrationError(`${pluginName}:${step}`, problem, { cause: error });
  }
  if (report.createdTables.length + report.addedColumns.length > 0) {
    logger.info({ plugin: pluginName, ...report }, `Migrated the schema of plugin "${pluginName}"`);
  }
  return report;
}

/** A drizzle SQLite table in the same form as a mapped pg table. */
function sqlitePlan(table: SQLiteTable): SqliteTablePlan {
  const { name, columns } = getTableConfig(table);
  const [create, ...indexes] = createTableStatements(table);
  return {
    name,
    create,
    indexes,
    columns: columns.map((column) => {
      const fallback = defaultOf(column);
      return {
        name: column.name,
        definition: columnDefinition(column, false, true),
        primary: column.primary,
        unique: column.isUnique,
        notNull: column.notNull,
        constantDefault: fallback !== undefined && !fallback.startsWith('('),
      };
    }),
  };
}
