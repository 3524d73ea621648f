import { describeDatabaseUrl, type DatabaseTarget } from '../errors';
import { CopyDimensionMismatchError } from '../errors/copy-dimension-mismatch-error';
import { NodePostgresDriver } from '../pg/connection/node-postgres-driver';
import { connectError, isConnectionError } from '../pg/connection/pg-error';
import type { PgDriver } from '../pg/connection/pg-driver';
import { PgliteDriver, type PgliteLike } from '../pg/connection/pglite-driver';
import { PG_MIGRATIONS_FOLDER } from '../pg/migrations/pg-migrations-folder';
import { runPgMigrations } from '../pg/migrations/run-pg-migrations';
import { defaultSqlLogger, type SqlLogger } from '../shared/sql-logger';
import type { CopyProgress, CopyReport, TableCopyReport } from './copy-report';
import { findTargetTable, targetDependencies, targetDimensions } from './pg-target';
import { SqliteSource } from './sqlite-source';
import { TableCopier } from './table-copier';

/** Kith's own tables, parents before children (the order an agent creates them in). */
export const CORE_TABLES = [
  'agents',
  'entities',
  'components',
  'worlds',
  'rooms',
  'participants',
  'relationships',
  'tasks',
  'cache',
  'memories',
  'logs',
  'model_usage',
  'inbox',
  'channels',
  'channel_messages',
];

export interface CopyOptions {
  /** The agent's kith.db, or the data folder holding it. */
  from: string;
  /** postgres://user:password@host:port/database. */
  to?: string;
  /** Or PostgreSQL in the process (tests of the pgvector path). */
  pglite?: PgliteLike;
  onProgress?: (progress: CopyProgress) => void;
  logger?: SqlLogger;
}

/** Plugin tables in an order that puts every table after those it references. */
function pluginOrder(tables: string[], dependencies: [string, string][]): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const [child, parent] of dependencies) if (child === table && tables.includes(parent)) visit(parent);
    ordered.push(table);
  };
  [...tables].sort().forEach(visit);
  return ordered;
}

function emptyReport(table: string, source: number): TableCopyReport {
  return {
    table,
    kind: CORE_TABLES.includes(table) ? 'core' : 'plugin',
    source,
    inserted: 0,
    existing: 0,
    failed: 0,
    errors: [],
    verified: null,
    droppedColumns: [],
    ms: 0,
  };
}

async function openTarget(
  options: CopyOptions,
  logger: SqlLogger,
): Promise<{ driver: PgDriver; target: DatabaseTarget }> {
  if (options.pglite)
    return {
      driver: new PgliteDriver(options.pglite),
      target: { host: 'pglite', port: 0, database: 'pglite', user: 'pglite', display: 'pglite (in process)' },
    };
  if (!options.to) throw new TypeError('copySqliteToPostgres needs `to` (a postgres:// URL) or `pglite`');
  const target = describeDatabaseUrl(options.to);
  const driver = new NodePostgresDriver({
    url: options.to,
    poolMax: 2,
    idleTimeoutMs: 10_000,
    connectTimeoutMs: 5_000,
    logger,
  });
  try {
    await driver.query({ text: 'SELECT 1' });
  } catch (error) {
    await driver.close().catch(() => undefined);
    throw connectError(error, target);
  }
  return { driver, target };
}

/**
 * Copies an agent's whole history (every agent of the file) from its SQLite
 * file into PostgreSQL: Kith's tables, vectors included (into pgvector's
 * columns too, when the database has them), and the tables of plugins that
 * PostgreSQL has as well. The target is migrated first. Idempotent: a row
 * PostgreSQL already has (by any of its keys) is left alone, so running it
 * again copies nothing twice. Ends with a check that every row of the file
 * is in PostgreSQL, table by table; `complete` says whether it held.
 * Refuses, before writing anything, an agent whose vectors have another
 * size in the target.
 */
export async function copySqliteToPostgres(options: CopyOptions): Promise<CopyReport> {
  const logger = options.logger ?? defaultSqlLogger();
  const progress = options.onProgress ?? (() => undefined);
  const started = performance.now();
  const source = SqliteSource.open(options.from);
  let opened: { driver: PgDriver; target: DatabaseTarget } | undefined;
  try {
    opened = await openTarget(options, logger);
    const { driver, target } = opened;
    try {
      const migrations = await runPgMigrations(driver, PG_MIGRATIONS_FOLDER);
      const agents = source.agents();
      for (const agent of agents) {
        if (agent.dimension === null) continue;
        const other = (await targetDimensions(driver, agent.id, agent.dimension)).find((d) => d !== agent.dimension);
        if (other !== undefined)
          throw new CopyDimensionMismatchError(`${agent.name} (${agent.id})`, agent.dimension, other, target);
      }
      const present = source.tableNames();
      const plugins = present.filter((table) => !CORE_TABLES.includes(table));
      const order = [
        ...CORE_TABLES.filter((table) => present.includes(table)),
        ...pluginOrder(plugins, await targetDependencies(driver)),
      ];
      const tables: TableCopyReport[] = [];
      const checks: (() => Promise<void>)[] = [];
      for (const name of order) {
        const total = source.count(name);
        const report = emptyReport(name, total);
        tables.push(report);
        const tableStarted = performance.now();
        const targetTable = await findTargetTable(driver, name);
        if (!targetTable) {
          report.skipped = `PostgreSQL has no table "${name}": start the agent on PostgreSQL once, so its plugin creates it, then copy again`;
          continue;
        }
        const copier = new TableCopier(name, source.describe(name), targetTable);
        report.droppedColumns = copier.droppedColumns;
        if (copier.keys.length === 0 && total > 0) {
          // Without a key a second run could not tell copied rows apart: such a table is copied only into an empty one.
          const { rows } = await driver.query<{ n: number }>({
            text: `SELECT count(*)::int AS n FROM ${targetTable.sql}`,
          });
          if (Number(rows[0]?.n) > 0) {
            report.existing = Math.min(total, Number(rows[0]?.n));
            report.skipped = `"${name}" has no primary key or unique constraint in PostgreSQL and already holds rows: left as it is`;
            continue;
          }
        }
        progress({ phase: 'copy', table: name, done: 0, total });
        await copier.copy(source, driver, report, (done) => progress({ phase: 'copy', table: name, done, total }));
        await copier.advanceSequences(driver);
        report.ms = Math.round(performance.now() - tableStarted);
        checks.push(async () => {
          progress({ phase: 'check', table: name, done: 0, total });
          report.verified = await copier.check(source, driver, (done) =>
            progress({ phase: 'check', table: name, done, total }),
          );
        });
      }
      // The check reads PostgreSQL afresh, after every table was written (the file's snapshot is still the same).
      for (const check of checks) await check();
      const rows = tables.reduce((sum, table) => sum + table.source, 0);
      const ms = Math.round(performance.now() - started);
      return {
        source: source.file,
        target: target.display,
        agents,
        tables,
        rows,
        inserted: tables.reduce((sum, table) => sum + table.inserted, 0),
        ms,
        rowsPerSecond: Math.round(rows / Math.max(ms / 1000, 0.001)),
        migrations,
        complete: tables.every((table) => missingRows(table) === 0),
      };
    } catch (error) {
      throw isConnectionError(error) ? connectError(error, target) : error;
    }
  } finally {
    source.close();
    await opened?.driver.close().catch(() => undefined);
  }
}

/** Rows of the file the check did not find in PostgreSQL (keyless tables: by their count). */
export function missingRows(table: TableCopyReport): number {
  if (table.source === 0) return 0;
  if (table.verified !== null) return table.source - table.verified;
  if (table.skipped && table.existing === 0) return table.source;
  return table.source - Math.min(table.source, table.inserted + table.existing);
}
