import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CopySourceInvalidError, CopySourceMissingError } from '../errors';
import type { SqliteValue } from './to-pg-text';

/** Tables of the SQLite file that are not copied as they are: bookkeeping, or merged into another table. */
const INTERNAL_TABLES = new Set(['__drizzle_migrations', 'kith_meta', 'embeddings']);

/** Memories carry two columns besides their own: the vector kept in `embeddings`, and its size. */
const MEMORY_VECTOR_COLUMNS: Record<string, string> = { dimension: 'e.dimension', embedding: 'e.vector' };

export interface SourceTable {
  name: string;
  /** Column names as read (memories: with `dimension` and `embedding`). */
  columns: string[];
}

/** A batch of rows (values in `columns` order) and where the next one starts. */
export interface SourceBatch {
  rows: SqliteValue[][];
  last: number;
}

/** What an agent stores vectors of, in the file. */
export interface SourceAgent {
  id: string;
  name: string;
  dimension: number | null;
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * The agent's SQLite file, read-only, inside one read transaction: every
 * table is read from the same snapshot, even while a server writes the file
 * (rows written after it are copied by the next run). Rows come in rowid
 * order, in keyset pages.
 */
export class SqliteSource {
  private constructor(
    readonly file: string,
    private readonly db: Database.Database,
  ) {}

  /** `from` is the kith.db file or the folder holding it. */
  static open(from: string): SqliteSource {
    const given = path.resolve(from);
    const file = fs.existsSync(given) && fs.statSync(given).isDirectory() ? path.join(given, 'kith.db') : given;
    if (!fs.existsSync(file)) throw new CopySourceMissingError(file);
    let db: Database.Database;
    try {
      db = new Database(file, { readonly: true, fileMustExist: true });
      db.exec('BEGIN');
      db.prepare('SELECT count(*) FROM sqlite_master').get();
    } catch (error) {
      throw new CopySourceInvalidError(file, error instanceof Error ? error.message : String(error), { cause: error });
    }
    const source = new SqliteSource(file, db);
    const names = new Set(source.tableNames());
    const missing = ['agents', 'memories'].filter((name) => !names.has(name));
    if (missing.length > 0) {
      db.close();
      throw new CopySourceInvalidError(file, `no ${missing.join(' or ')} table`);
    }
    return source;
  }

  /** Ordinary tables: no SQLite internals, no virtual tables (full text) and their shadow tables, no Kith bookkeeping. */
  tableNames(): string[] {
    const rows = this.db
      .prepare<[], { name: string; sql: string | null }>("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
      .all();
    const virtual = rows.filter((row) => /^\s*CREATE\s+VIRTUAL\s+TABLE/i.test(row.sql ?? '')).map((row) => row.name);
    return rows
      .map((row) => row.name)
      .filter(
        (name) =>
          !name.startsWith('sqlite_') &&
          !INTERNAL_TABLES.has(name) &&
          !virtual.some((v) => name === v || name.startsWith(`${v}_`)),
      );
  }

  private withoutRowid(name: string): boolean {
    const row = this.db
      .prepare<[string], { sql: string | null }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(name);
    return /\)\s*WITHOUT\s+ROWID\s*;?\s*$/i.test(row?.sql ?? '');
  }

  has(name: string): boolean {
    return this.tableNames().includes(name);
  }

  describe(name: string): SourceTable {
    const own = this.db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)').all(name);
    const columns = own.map((column) => column.name);
    if (name === 'memories') columns.push('dimension', 'embedding');
    return { name, columns };
  }

  count(name: string): number {
    return Number((this.db.prepare(`SELECT count(*) AS n FROM ${quote(name)}`).get() as { n: number }).n);
  }

  /** Up to `limit` rows after rowid `after`, with `columns` (a subset of describe()'s) in that order. */
  read(name: string, columns: string[], after: number, limit: number): SourceBatch {
    const text =
      name === 'memories'
        ? `SELECT m.seq, ${columns.map((column) => MEMORY_VECTOR_COLUMNS[column] ?? `m.${quote(column)}`).join(', ')}
            FROM memories m LEFT JOIN embeddings e ON e.memory_seq = m.seq WHERE m.seq > ? ORDER BY m.seq LIMIT ?`
        : this.withoutRowid(name)
          ? // No rowid to page by: pages by position (the read transaction keeps it stable).
            `SELECT ?, ${columns.map(quote).join(', ')} FROM ${quote(name)} LIMIT ? OFFSET ?`
          : `SELECT rowid, ${columns.map(quote).join(', ')} FROM ${quote(name)} WHERE rowid > ? ORDER BY rowid LIMIT ?`;
    const byPosition = text.includes('OFFSET');
    const rows = this.statement(text)
      .raw(true)
      .all(...(byPosition ? [after, limit, after] : [after, limit])) as SqliteValue[][];
    const last = byPosition ? after + rows.length : rows.length > 0 ? Number(rows[rows.length - 1][0]) : after;
    return { rows: rows.map((row) => row.slice(1)), last };
  }

  /** Each agent of the file with the size of its vectors (its setting, else the vectors it stored). */
  agents(): SourceAgent[] {
    const agents = this.db
      .prepare<[], { id: string; name: string; d: number | null }>(
        'SELECT id, name, embedding_dimension AS d FROM agents',
      )
      .all();
    const stored = this.db
      .prepare<[], { agent: string; d: number }>(
        'SELECT m.agent_id AS agent, e.dimension AS d FROM memories m JOIN embeddings e ON e.memory_seq = m.seq GROUP BY 1, 2',
      )
      .all();
    const found = new Map<string, SourceAgent>(
      agents.map((agent) => [agent.id, { id: agent.id, name: agent.name, dimension: agent.d }]),
    );
    for (const row of stored) {
      const agent = found.get(row.agent) ?? { id: row.agent, name: row.agent, dimension: null };
      agent.dimension ??= row.d;
      found.set(row.agent, agent);
    }
    return [...found.values()];
  }

  close(): void {
    if (!this.db.open) return;
    if (this.db.inTransaction) this.db.exec('COMMIT');
    this.db.close();
  }

  private readonly statements = new Map<string, Database.Statement>();

  private statement(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }
}
