import type { PgQueryRunner } from '../pg/connection/pg-driver';

/** A column of the PostgreSQL table as the copy sees it. */
export interface TargetColumn {
  name: string;
  /** pg_type.typname (`jsonb`, `bool`, `_text` for text[]...): how a SQLite value is turned into text. */
  typname: string;
  /** format_type(): what the text is cast to (`vector(384)`, `bigint`...). */
  sqlType: string;
  /** Filled by PostgreSQL (GENERATED ALWAYS AS IDENTITY, or a generated column): never written. */
  generated: boolean;
  /** The sequence behind a serial or identity column, moved past the copied values afterwards. */
  sequence: string | null;
}

/** A table of the target database. */
export interface TargetTable {
  /** Schema-qualified and quoted, for SQL. */
  sql: string;
  columns: TargetColumn[];
  /** Every primary key and unique constraint over plain columns (the keys a copied row is recognised by). */
  uniqueKeys: string[][];
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The table named `name` in the target: in the search path's schema first, else the only one of that name elsewhere. */
export async function findTargetTable(runner: PgQueryRunner, name: string): Promise<TargetTable | null> {
  const { rows } = await runner.query<{ oid: number; schema: string; current: boolean }>({
    text: `SELECT c.oid::int AS oid, n.nspname AS schema, n.nspname = current_schema() AS current
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relname = $1 AND c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'drizzle')
        AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'
      ORDER BY 3 DESC`,
    values: [name],
  });
  const chosen = rows[0]?.current ? rows[0] : rows.length === 1 ? rows[0] : undefined;
  if (!chosen) return null;
  const sql = `${quote(chosen.schema)}.${quote(name)}`;
  const columns = await runner.query<{
    name: string;
    typname: string;
    sql_type: string;
    generated: boolean;
    sequence: string | null;
  }>({
    text: `SELECT a.attname AS name, t.typname, format_type(a.atttypid, a.atttypmod) AS sql_type,
        (a.attidentity = 'a' OR a.attgenerated <> '') AS generated,
        pg_get_serial_sequence($2, a.attname) AS sequence
      FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
      WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    values: [chosen.oid, sql],
  });
  const keys = await runner.query<{ columns: string[] }>({
    text: `SELECT array_agg(a.attname::text ORDER BY k.ord) AS columns
      FROM pg_index i CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
      WHERE i.indrelid = $1 AND i.indisunique AND i.indpred IS NULL AND i.indexprs IS NULL
      GROUP BY i.indexrelid, i.indisprimary ORDER BY i.indisprimary DESC, i.indexrelid`,
    values: [chosen.oid],
  });
  return {
    sql,
    columns: columns.rows.map((row) => ({
      name: row.name,
      typname: row.typname,
      sqlType: row.sql_type,
      generated: row.generated,
      sequence: row.sequence,
    })),
    uniqueKeys: keys.rows.map((row) => row.columns),
  };
}

/** Foreign keys between tables of the target: [table, table it references], by name. */
export async function targetDependencies(runner: PgQueryRunner): Promise<[string, string][]> {
  const { rows } = await runner.query<{ child: string; parent: string }>({
    text: `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint f
      JOIN pg_class c ON c.oid = f.conrelid JOIN pg_class p ON p.oid = f.confrelid
      WHERE f.contype = 'f' AND f.conrelid <> f.confrelid`,
  });
  return rows.map((row) => [row.child, row.parent]);
}

/** Vector sizes an agent already has in the target (its setting, and any stored vector of another size than `expected`). */
export async function targetDimensions(runner: PgQueryRunner, agentId: string, expected: number): Promise<number[]> {
  const { rows } = await runner.query<{ d: number | null }>({
    text: `SELECT embedding_dimension AS d FROM agents WHERE id = $1
      UNION ALL (SELECT dimension FROM memories WHERE agent_id = $1 AND dimension IS NOT NULL AND dimension <> $2 LIMIT 1)`,
    values: [agentId, expected],
  });
  return rows.flatMap((row) => (row.d === null ? [] : [Number(row.d)]));
}
