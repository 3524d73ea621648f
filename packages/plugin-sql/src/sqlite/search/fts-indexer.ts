import type { SqlRunner } from '../connection/sql-runner';

const WATERMARK_SQL = "SELECT CAST(value AS INTEGER) AS seq FROM kith_meta WHERE key = 'fts_indexed_seq'";
const MAX_SEQ_SQL = 'SELECT coalesce(max(seq), 0) AS seq FROM memories';
const INDEX_SQL = `INSERT INTO memories_fts(rowid, text)
  SELECT seq, json_extract(content, '$.text') FROM memories
  WHERE seq > ? AND seq <= ? AND json_extract(content, '$.text') IS NOT NULL`;
const SET_WATERMARK_SQL = `INSERT INTO kith_meta (key, value) VALUES ('fts_indexed_seq', ?)
  ON CONFLICT(key) DO UPDATE SET value = excluded.value`;

/** Unindexed memories at which a write batch also brings the full-text index up to date. */
export const FTS_BATCH = 512;

/**
 * Keeps the FTS5 index over memory text (memories_fts) up to date in
 * batches. Indexing each memory in its own transaction would write a new
 * FTS5 segment per insert, the most expensive part of a write; instead new
 * memories are indexed up to a watermark (kith_meta.fts_indexed_seq) when
 * enough have piled up, and always before a text search, so searches never
 * miss one. Updates and deletes of already indexed memories are applied at
 * once by triggers (migration 0002). The index is derived data: after a
 * crash the next catch-up redoes whatever was not committed.
 */
export class FtsIndexer {
  private backlog: number;

  constructor(private readonly sql: SqlRunner) {
    this.backlog = this.maxSeq() - this.watermark();
  }

  /** Counts a memory inserted since the last catch-up. */
  noteInsert(): void {
    this.backlog += 1;
  }

  /** Whether enough memories wait to be indexed for a batch to be worth it. */
  get due(): boolean {
    return this.backlog >= FTS_BATCH;
  }

  /** Indexes every memory past the watermark; returns how many were indexed. */
  catchUp(): number {
    // A plain read first: most calls find nothing to do and need no write lock.
    if (this.maxSeq() <= this.watermark()) {
      this.backlog = 0;
      return 0;
    }
    return this.sql.write(() => {
      const from = this.watermark();
      const to = this.maxSeq();
      this.backlog = 0;
      if (to <= from) return 0;
      const { changes } = this.sql.run(INDEX_SQL, from, to);
      this.sql.run(SET_WATERMARK_SQL, String(to));
      return changes;
    });
  }

  private watermark(): number {
    return this.sql.get<{ seq: number }>(WATERMARK_SQL)?.seq ?? 0;
  }

  private maxSeq(): number {
    return this.sql.get<{ seq: number }>(MAX_SEQ_SQL)?.seq ?? 0;
  }
}
