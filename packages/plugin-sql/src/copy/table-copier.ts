import { isConnectionError } from '../pg/connection/pg-error';
import type { PgQueryRunner } from '../pg/connection/pg-driver';
import type { TableCopyReport } from './copy-report';
import type { TargetColumn, TargetTable } from './pg-target';
import type { SqliteSource } from './sqlite-source';
import { type SqliteValue, toPgText } from './to-pg-text';

/** Rows per statement, and the text they may add up to: a statement stays a few MB. */
export const BATCH_ROWS = 1_000;
const BATCH_CHARS = 8_000_000;
/** Reasons kept per table for the report. */
const ERRORS_KEPT = 5;
/** Source keys per lookup in the check. */
const CHECK_ROWS = 5_000;

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** How one target column gets its value from a source row. */
interface ColumnPlan {
  column: TargetColumn;
  /** Index in the source row; for a pgvector column, of the stored vector. */
  from: number;
  /** pgvector column `vec_<n>`: the stored vector when its dimension (at this index) is n. */
  vectorOf?: { dimensionAt: number; dimension: number };
}

/** A table's copy: what is read, how it is written, and the keys its rows are recognised by. */
export class TableCopier {
  readonly plans: ColumnPlan[];
  readonly sourceColumns: string[];
  readonly droppedColumns: string[];
  /** Keys whose columns are all copied (else a row could not be looked up by them). */
  readonly keys: string[][];
  private readonly insertText: string;

  constructor(
    readonly name: string,
    source: { columns: string[] },
    readonly target: TargetTable,
  ) {
    const at = new Map(source.columns.map((column, i) => [column, i]));
    this.sourceColumns = source.columns;
    this.plans = [];
    for (const column of target.columns) {
      if (column.generated) continue;
      const vector = name === 'memories' && column.typname === 'vector' ? /^vec_(\d+)$/.exec(column.name) : null;
      if (vector && at.has('embedding') && at.has('dimension')) {
        this.plans.push({
          column,
          from: at.get('embedding') as number,
          vectorOf: { dimensionAt: at.get('dimension') as number, dimension: Number(vector[1]) },
        });
      } else if (at.has(column.name)) {
        this.plans.push({ column, from: at.get(column.name) as number });
      }
    }
    const written = new Set(this.plans.map((plan) => plan.column.name));
    const renumbered = new Set(target.columns.filter((column) => column.generated).map((column) => column.name));
    // memories.seq and inbox.seq are renumbered by PostgreSQL (in the file's order); the vector columns of memories are read as embedding.
    this.droppedColumns = source.columns.filter(
      (column) =>
        !written.has(column) &&
        !renumbered.has(column) &&
        !(name === 'memories' && (column === 'embedding' || column === 'dimension')),
    );
    this.keys = target.uniqueKeys.filter((key) => key.every((column) => written.has(column)));
    const names = this.plans.map((plan) => quote(plan.column.name));
    const arrays = this.plans.map((_, i) => `$${i + 1}::text[]`);
    const casts = this.plans.map((plan, i) => `u.c${i}::${plan.column.sqlType}`);
    this.insertText = `INSERT INTO ${target.sql} (${names.join(', ')})
      SELECT ${casts.join(', ')} FROM unnest(${arrays.join(', ')}) AS u(${this.plans.map((_, i) => `c${i}`).join(', ')})
      ON CONFLICT DO NOTHING`;
  }

  /** The row's values as text, in plan order. */
  private convert(row: SqliteValue[]): (string | null)[] {
    return this.plans.map((plan) => {
      if (plan.vectorOf)
        return Number(row[plan.vectorOf.dimensionAt]) === plan.vectorOf.dimension
          ? toPgText(row[plan.from], 'vector')
          : null;
      return toPgText(row[plan.from], plan.column.typname);
    });
  }

  /** Columns as arrays of text: one parameter per column. */
  private columnsOf(rows: (string | null)[][]): (string | null)[][] {
    return this.plans.map((_, i) => rows.map((row) => row[i]));
  }

  /** A row's key for an error message: its first key's values, else its position. */
  private describe(row: (string | null)[], position: number): string {
    const key = this.keys[0];
    if (!key) return `row ${position}`;
    return key
      .map((column) => `${column}=${row[this.plans.findIndex((plan) => plan.column.name === column)]}`)
      .join(', ');
  }

  /**
   * Copies every row of the file's table; rows PostgreSQL has already (by any
   * of its keys) are left alone. Batches are multi-row inserts, each its own
   * transaction, the next one read and converted while the last is written.
   * A batch PostgreSQL refuses is retried row by row, so one bad row costs
   * only itself; a lost connection ends the copy.
   */
  async copy(
    source: SqliteSource,
    runner: PgQueryRunner,
    report: TableCopyReport,
    progress: (done: number) => void,
  ): Promise<void> {
    let after = 0;
    let done = 0;
    let writing: Promise<void> | undefined;
    let failure: unknown;
    const write = async (rows: (string | null)[][], first: number): Promise<void> => {
      try {
        const { rowCount } = await runner.query({ text: this.insertText, values: this.columnsOf(rows) });
        report.inserted += rowCount;
        report.existing += rows.length - rowCount;
      } catch (error) {
        if (isConnectionError(error)) throw error;
        for (let i = 0; i < rows.length; i++) {
          try {
            const { rowCount } = await runner.query({ text: this.insertText, values: this.columnsOf([rows[i]]) });
            report.inserted += rowCount;
            report.existing += 1 - rowCount;
          } catch (single) {
            if (isConnectionError(single)) throw single;
            report.failed += 1;
            if (report.errors.length < ERRORS_KEPT)
              report.errors.push(
                `${this.describe(rows[i], first + i)}: ${single instanceof Error ? single.message : String(single)}`,
              );
          }
        }
      }
      done += rows.length;
      progress(done);
    };
    for (;;) {
      const rows: (string | null)[][] = [];
      let chars = 0;
      while (rows.length < BATCH_ROWS && chars < BATCH_CHARS) {
        const batch = source.read(this.name, this.sourceColumns, after, Math.min(250, BATCH_ROWS - rows.length));
        if (batch.rows.length === 0) break;
        after = batch.last;
        for (const raw of batch.rows) {
          const row = this.convert(raw);
          for (const value of row) chars += value === null ? 0 : value.length;
          rows.push(row);
        }
      }
      if (writing) await writing;
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows the write's own rejection unchanged
      if (failure) throw failure;
      if (rows.length === 0) return;
      writing = write(rows, done + 1).catch((error: unknown) => void (failure = error));
    }
  }

  /** Moves serial and identity sequences past the copied values, so the agent's next insert does not collide. */
  async advanceSequences(runner: PgQueryRunner): Promise<void> {
    for (const plan of this.plans) {
      const sequence = plan.column.sequence;
      if (!sequence) continue;
      await runner.query({
        text: `SELECT setval($1::regclass, greatest((SELECT max(${quote(plan.column.name)}) FROM ${this.target.sql}), (SELECT last_value FROM ${sequence})))`,
        values: [sequence],
      });
    }
  }

  /** How many rows of the file's table PostgreSQL holds, by any key; null without a key. */
  async check(source: SqliteSource, runner: PgQueryRunner, progress: (done: number) => void): Promise<number | null> {
    if (this.keys.length === 0) return null;
    const keyColumns = [...new Set(this.keys.flat())];
    const plans = keyColumns.map((column) => this.plans.find((plan) => plan.column.name === column) as ColumnPlan);
    const exists = this.keys.map(
      (key) =>
        `EXISTS (SELECT 1 FROM ${this.target.sql} t WHERE ${key.map((column) => `t.${quote(column)} = k.c${keyColumns.indexOf(column)}::${plans[keyColumns.indexOf(column)].column.sqlType}`).join(' AND ')})`,
    );
    const text = `SELECT count(*)::int AS n FROM unnest(${keyColumns.map((_, i) => `$${i + 1}::text[]`).join(', ')}) AS k(${keyColumns.map((_, i) => `c${i}`).join(', ')})
      WHERE ${exists.join(' OR ')}`;
    const columns = plans.map((plan) => this.sourceColumns[plan.from]);
    let after = 0;
    let found = 0;
    let done = 0;
    for (;;) {
      const batch = source.read(this.name, columns, after, CHECK_ROWS);
      if (batch.rows.length === 0) return found;
      after = batch.last;
      const values = plans.map((plan, i) => batch.rows.map((row) => toPgText(row[i], plan.column.typname)));
      const { rows } = await runner.query<{ n: number }>({ text, values });
      found += Number(rows[0]?.n ?? 0);
      done += batch.rows.length;
      progress(done);
    }
  }
}
