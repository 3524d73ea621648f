// Moving an agent's history from its SQLite file into PostgreSQL (`kith db copy`).
export { copySqliteToPostgres, CORE_TABLES, type CopyOptions, missingRows } from './copy-sqlite-to-postgres';
export type { CopyProgress, CopyReport, TableCopyReport } from './copy-report';
