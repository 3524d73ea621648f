/** What `copySqliteToPostgres` did to one table. */
export interface TableCopyReport {
  table: string;
  /** Kith's own table, or a plugin's. */
  kind: 'core' | 'plugin';
  /** Rows in the SQLite file. */
  source: number;
  /** Rows this run added to PostgreSQL. */
  inserted: number;
  /** Rows PostgreSQL already had (an earlier run, or the agent itself): left as they were. */
  existing: number;
  /** Rows PostgreSQL refused (the first few reasons in `errors`). */
  failed: number;
  errors: string[];
  /** Rows of the file found in PostgreSQL by the check after the copy; null when the table has no key to look them up by. */
  verified: number | null;
  /** Why nothing of the table was copied (no such table in PostgreSQL...). */
  skipped?: string;
  /** Columns of the file PostgreSQL's table lacks: not copied. */
  droppedColumns: string[];
  ms: number;
}

export interface CopyReport {
  /** The SQLite file read. */
  source: string;
  /** postgres://user@host:port/database (no password). */
  target: string;
  agents: { id: string; name: string; dimension: number | null }[];
  tables: TableCopyReport[];
  /** Rows read from the file / added to PostgreSQL, every table. */
  rows: number;
  inserted: number;
  ms: number;
  /** Rows handled per second (read, written or recognised as there). */
  rowsPerSecond: number;
  /** Migrations applied to the target first (an empty database). */
  migrations: string[];
  /** Every row of the file is in PostgreSQL. */
  complete: boolean;
}

/** Reported after every batch, and when a table starts and ends. */
export interface CopyProgress {
  phase: 'copy' | 'check';
  table: string;
  done: number;
  total: number;
}
