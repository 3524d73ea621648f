import { ConfigValidationError } from '@kith/core';
import {
  copySqliteToPostgres,
  CopyIncompleteError,
  databaseUrlSetting,
  describeDatabaseUrl,
  missingRows,
} from '@kith/plugin-sql';
import { resolveDataDir } from '../agent/create-agent';
import { copyProgressPrinter } from '../db/copy-progress';
import { formatCopyReport } from '../db/format-copy-report';

export interface DbCopyCommandOptions {
  /** The SQLite file or data folder (default: $KITH_DATA_DIR or ./.kith). */
  from?: string;
  /** The PostgreSQL URL (default: $KITH_DATABASE_URL or $POSTGRES_URL). */
  to?: string;
}

const out = (line: string) => void process.stdout.write(`${line}\n`);

/**
 * `kith db copy`: the agents' whole history from a SQLite file into
 * PostgreSQL (copySqliteToPostgres), with progress on stderr and the
 * table-by-table check on stdout. Exits 1 when a row of the file is not in
 * PostgreSQL afterwards; running it again copies only what is missing.
 */
export async function dbCopyCommand(options: DbCopyCommandOptions): Promise<void> {
  const to = options.to ?? databaseUrlSetting((key) => process.env[key] || undefined);
  if (!to)
    throw new ConfigValidationError('kith db copy', [
      '--to: give the PostgreSQL database, e.g. --to postgres://user:password@localhost:5432/agents (or set KITH_DATABASE_URL)',
    ]);
  const target = describeDatabaseUrl(to);
  const from = options.from ?? resolveDataDir(undefined);
  out(`Copying ${from} to ${target.display}`);
  const progress = copyProgressPrinter();
  let report;
  try {
    report = await copySqliteToPostgres({ from, to, onProgress: (p) => progress.update(p), logger: silentLogger });
  } finally {
    progress.end();
  }
  if (report.migrations.length > 0)
    out(
      `Migrated the database first: ${report.migrations.length} migration${report.migrations.length === 1 ? '' : 's'} applied`,
    );
  out(
    `Agents: ${report.agents.map((agent) => `${agent.name} (${agent.id}${agent.dimension ? `, ${agent.dimension}-d vectors` : ''})`).join(', ') || 'none'}`,
  );
  out(formatCopyReport(report));
  if (!report.complete) {
    throw new CopyIncompleteError(
      report.tables
        .filter((table) => missingRows(table) > 0)
        .map((table) => `${table.table}: ${missingRows(table).toLocaleString('en-US')} rows`),
    );
  }
}

/** The copy's own warnings would interleave with the progress line; what matters is in the report. */
const silentLogger = { warn: () => undefined, info: () => undefined, debug: () => undefined };
