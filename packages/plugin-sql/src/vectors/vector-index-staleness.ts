import type { SqlRunner } from '../connection/sql-runner';

const STALE_KEY = 'vector_index_stale';

/** Records that vectors changed while sqlite-vec was unavailable, so its tables need a rebuild. */
export function markVectorIndexStale(sql: SqlRunner): void {
  sql.run('INSERT INTO kith_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value', STALE_KEY, '1');
}

export function isVectorIndexStale(sql: SqlRunner): boolean {
  return sql.get<{ value: string }>('SELECT value FROM kith_meta WHERE key = ?', STALE_KEY)?.value === '1';
}

export function clearVectorIndexStale(sql: SqlRunner): void {
  sql.run('DELETE FROM kith_meta WHERE key = ?', STALE_KEY);
}
