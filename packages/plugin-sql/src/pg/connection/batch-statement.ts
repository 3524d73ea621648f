import { EMBEDDING_DIMENSIONS } from '../../shared/vectors/embedding-dimensions';
import type { PgMemoryRow } from '../stores/memory-row';
import { vectorColumn } from '../vectors/pgvector-columns';
import type { BatchWrites } from './queued-writes';

/** One batch as a statement: its text, its prepared-statement name, and the values. */
export interface BatchQuery {
  text: string;
  name: string;
  values: unknown[];
}

/**
 * A row of the batch's answer: m (memory inserted), v (vector stored),
 * a (inbox entry answered), i (inbox entry accepted), n (its memory stored),
 * l (a leased acceptance's lease), t (fleet notices sent), f (a failed fence:
 * never returned, the fence raises).
 */
export type BatchResultRow = [
  kind: string,
  seq: number,
  id: string | null,
  agentId: string | null,
  type: string | null,
  roomId: string | null,
  worldId: string | null,
  entityId: string | null,
  isUnique: number | null,
];

/** The memory columns each row of a memory insert carries (the vector comes as an offset into the batch's bytes). */
const MEMORY_FIELDS = [
  'id',
  'agent_id',
  'type',
  'entity_id',
  'room_id',
  'world_id',
  'content',
  'metadata',
  'is_unique',
  'created_at',
  'dimension',
  'voff',
];
const MEMORY_TYPES = ['text', 'text', 'text', 'text', 'text', 'text', 'jsonb', 'jsonb', 'bool', 'int8', 'int4', 'int4'];

/**
 * Every vector of the batch travels in one binary parameter ($2), each row
 * naming where its bytes start: no hex text to build, escape, parse and
 * decode per vector.
 */
class VectorBytes {
  private readonly parts: Uint8Array[] = [];
  private length = 0;

  /** The 1-based offset of `blob` in the batch's bytes (null for none). */
  add(blob: Uint8Array | null): number | null {
    if (!blob) return null;
    const offset = this.length + 1;
    this.parts.push(blob);
    this.length += blob.byteLength;
    return offset;
  }

  buffer(): Buffer {
    return Buffer.concat(this.parts, this.length);
  }
}

/** The stored vector of row alias `u`, cut from the batch's bytes. */
const EMBEDDING_FROM_BYTES = (alias: string) =>
  `CASE WHEN ${alias}.voff IS NULL THEN NULL ELSE substring($2::bytea from ${alias}.voff for ${alias}.dimension * 4) END`;

/** pgvector's column values for row alias `alias`: its vector in the column of its size. */
const vectorValues = (alias: string) =>
  EMBEDDING_DIMENSIONS.map((dims) => `CASE WHEN ${alias}.dimension = ${dims} THEN ${alias}.vec::vector(${dims}) END`);

/** Only the adapter's own batches carry its writer mark (the caches apply them directly). */
const AS_MINE = "(SELECT set_config('kith.writer', $1, true)) IS NOT NULL";

function memoryArrays(
  rows: PgMemoryRow[],
  literals: (string | null)[],
  bytes: VectorBytes,
  pgvector: boolean,
): unknown[] {
  const column = (index: number) => rows.map((row) => row[index]);
  const values: unknown[] = [column(1), column(2), column(3), column(4), column(5), column(6), column(7), column(8)];
  values.push(
    rows.map((row) => row[9] === 1),
    column(10),
    column(11),
    rows.map((row) => bytes.add(row[12])),
  );
  if (pgvector) values.push(literals);
  return values;
}

/** `INSERT INTO memories` from the unnest'ed arrays at parameters `arrays` (aliased `u`), plus `extra` SQL after FROM. */
function memoryInsert(arrays: string[], names: string[], from: string, pgvector: boolean): string {
  const columns = [
    ...MEMORY_FIELDS.slice(0, 11),
    'embedding',
    ...(pgvector ? EMBEDDING_DIMENSIONS.map(vectorColumn) : []),
  ];
  const picked = [
    ...MEMORY_FIELDS.slice(0, 11).map((name) => `u.${name}`),
    EMBEDDING_FROM_BYTES('u'),
    ...(pgvector ? vectorValues('u') : []),
  ];
  return `INSERT INTO memories (${columns.join(', ')})
      SELECT ${picked.join(', ')} FROM unnest(${arrays.join(', ')}) AS u(${names.join(', ')}) ${from}
      ON CONFLICT (id) DO NOTHING RETURNING seq, id`;
}

const statements = new Map<string, string>();

/** Which kinds of write a batch holds: its statement's shape. */
interface Shape {
  memories: boolean;
  logs: boolean;
  vectors: boolean;
  answered: boolean;
  accepts: boolean;
  acceptedMemories: boolean;
  pgvector: boolean;
  fenced: boolean;
  notices: boolean;
  usage: boolean;
  leases: boolean;
}

/** A server is alive while its row has not expired (the fleet's liveness, by the database's clock). */
const ALIVE = (owner: string) =>
  `EXISTS (SELECT 1 FROM kith_fleet_servers s WHERE s.server_id = ${owner} AND s.expires_at > now())`;

/** model_usage's summed columns, in UsageRow's order after the key. */
const USAGE_COLUMNS = [
  'calls',
  'failed_calls',
  'input_tokens',
  'cached_input_tokens',
  'output_tokens',
  'duration_ms',
  'cost_usd',
  'unpriced_calls',
];
const USAGE_TYPES = ['int8', 'int8', 'int8', 'int8', 'int8', 'float8', 'float8', 'int8'];

/** The batch's usage rows, summed per key: [agent, ...UsageRow]. */
function usageRows(writes: BatchWrites['usage']): (string | number)[][] {
  const rows = new Map<string, (string | number)[]>();
  for (const write of writes) {
    for (const row of write.rows) {
      const keyed = [write.agentId, ...row];
      const id = keyed.slice(0, 6).join('\u0000');
      const kept = rows.get(id);
      if (kept) for (let i = 6; i < keyed.length; i++) (kept[i] as number) += keyed[i] as number;
      else rows.set(id, keyed);
    }
  }
  return [...rows.values()];
}

/**
 * The batch as ONE statement: data-modifying CTEs over unnest'ed arrays, a
 * multi-row insert or update per kind of write, so a batch costs one round
 * trip and one commit whatever it holds. The statement text depends only on
 * which kinds are present (a few dozen shapes at most), so each shape is a
 * prepared statement every connection parses once.
 */
export function buildBatch(writes: BatchWrites, pgvector: boolean, writer: string): BatchQuery {
  const { memories, logs, vectors, answered, accepts, usage } = writes;
  const fences = [...memories, ...answered].flatMap((write) => (write.fence ? [write.fence] : []));
  const shape: Shape = {
    memories: memories.length > 0,
    logs: logs.length > 0,
    vectors: vectors.length > 0,
    answered: answered.length > 0,
    accepts: accepts.length > 0,
    acceptedMemories: accepts.some((a) => a.memory !== null),
    pgvector,
    fenced: fences.length > 0,
    notices: answered.some((write) => write.notice !== undefined),
    usage: usage.length > 0,
    leases: accepts.some((a) => a.lease !== undefined),
  };
  const key = Object.values(shape).map(Number).join('');
  let text = statements.get(key);
  if (!text) statements.set(key, (text = batchText(shape)));
  // The values in the order batchText numbers its parameters.
  const bytes = new VectorBytes();
  const values: unknown[] = [writer, null];
  if (shape.accepts) {
    values.push(
      accepts.map((a) => a.agentId),
      accepts.map((a) => a.messageId),
      accepts.map((a) => a.roomId),
      accepts.map((a) => a.body),
      accepts.map((a) => a.acceptedAt),
    );
    if (shape.leases) values.push(accepts.map((a) => a.lease ?? null));
    if (shape.acceptedMemories) {
      const stored = accepts.filter((a) => a.memory !== null);
      values.push(
        stored.map((a) => a.agentId),
        stored.map((a) => a.messageId),
        ...memoryArrays(
          stored.map((a) => a.memory as PgMemoryRow),
          stored.map((a) => a.vectorLiteral),
          bytes,
          pgvector,
        ),
      );
    }
  }
  if (shape.memories)
    values.push(
      ...memoryArrays(
        memories.map((write) => write.row),
        memories.map((write) => write.vectorLiteral),
        bytes,
        pgvector,
      ),
    );
  if (shape.logs) for (let i = 0; i < 7; i++) values.push(logs.map((write) => write.values[i]));
  if (shape.usage) {
    const rows = usageRows(usage);
    for (let i = 0; i < 6 + USAGE_COLUMNS.length; i++) values.push(rows.map((row) => row[i]));
  }
  if (shape.vectors) {
    values.push(
      vectors.map((write) => write.id),
      vectors.map((write) => write.dimension),
      vectors.map((write) => bytes.add(write.blob)),
    );
    if (pgvector) values.push(vectors.map((write) => write.vectorLiteral));
  }
  if (shape.answered) {
    values.push(
      answered.map((write) => write.agentId),
      answered.map((write) => write.messageId),
      answered.map((write) => write.at),
    );
    if (shape.notices) values.push(answered.map((write) => write.notice ?? null));
  }
  if (shape.fenced) {
    values.push(
      fences[0].owner,
      fences.map((fence) => fence.agentId),
      fences.map((fence) => fence.roomId),
      fences.map((fence) => fence.epoch),
    );
  }
  values[1] = bytes.buffer();
  return { text, name: `kith_batch_${key}`, values };
}

/**
 * A fleet's leased acceptances (rows of `inb` whose write carries a server
 * id, parameter `servers`): the room's lease as the statement found it,
 * taken when nobody alive holds it (a new room, or its owner is dead or
 * gone), and a notice (kind 'i', sent at commit) to the owner when it is
 * another server. A concurrent first claim makes the insert meet the
 * committed row: this server's own is taken as it is, another live
 * server's left alone (the owner then reads null: the caller asks again).
 */
function leaseCtes(agents: string, messages: string, servers: string): string[] {
  return [
    `lz AS (SELECT i.seq, i.agent_id, i.message_id, i.room_id, l.me FROM inb i
      JOIN unnest(${agents}, ${messages}, ${servers}) AS l(agent_id, message_id, me) ON l.agent_id = i.agent_id AND l.message_id = i.message_id
      WHERE l.me IS NOT NULL)`,
    `lcur AS (SELECT DISTINCT r.agent_id, r.room_id, r.owner, r.epoch, ${ALIVE('r.owner')} AS alive FROM lz z
      JOIN kith_fleet_rooms r ON r.agent_id = z.agent_id AND r.room_id = z.room_id)`,
    `lclaim AS (INSERT INTO kith_fleet_rooms AS k (agent_id, room_id, owner, epoch, claimed_at)
      SELECT DISTINCT ON (z.agent_id, z.room_id) z.agent_id, z.room_id, z.me, 1, now() FROM lz z
      WHERE NOT EXISTS (SELECT 1 FROM lcur c WHERE c.agent_id = z.agent_id AND c.room_id = z.room_id AND c.alive)
      ORDER BY z.agent_id, z.room_id
      ON CONFLICT (agent_id, room_id) DO UPDATE
        SET owner = EXCLUDED.owner,
            epoch = CASE WHEN k.owner = EXCLUDED.owner THEN k.epoch ELSE k.epoch + 1 END,
            claimed_at = CASE WHEN k.owner = EXCLUDED.owner THEN k.claimed_at ELSE now() END
        WHERE k.owner IS NULL OR k.owner = EXCLUDED.owner OR NOT ${ALIVE('k.owner')}
      RETURNING k.agent_id, k.room_id, k.owner, k.epoch)`,
    `lown AS (SELECT z.seq, z.agent_id, z.message_id, z.room_id, z.me,
        coalesce(cl.owner, CASE WHEN c.alive THEN c.owner END) AS owner, coalesce(cl.epoch, CASE WHEN c.alive THEN c.epoch END) AS epoch
      FROM lz z LEFT JOIN lclaim cl ON cl.agent_id = z.agent_id AND cl.room_id = z.room_id
      LEFT JOIN lcur c ON c.agent_id = z.agent_id AND c.room_id = z.room_id)`,
    `lnt AS (SELECT pg_notify('kith_fleet', json_build_object('k', 'i', 's', o.me, 'a', o.agent_id, 'r', o.room_id, 'q', o.seq, 'o', o.owner)::text)
      FROM lown o WHERE o.owner IS NOT NULL AND o.owner <> o.me)`,
  ];
}

/** A leased acceptance's answer: 'l', epoch, message, agent, owner, the seqs pending before it (comma-separated). */
const LEASE_SELECT = `SELECT 'l', o.epoch, o.message_id, o.agent_id, o.owner,
    (SELECT string_agg(b.seq::text, ',' ORDER BY b.seq) FROM (SELECT p.seq FROM inbox p
      WHERE p.room_id = o.room_id AND p.state = 'accepted' AND p.agent_id = o.agent_id AND p.seq < o.seq ORDER BY p.seq LIMIT 32) b),
    NULL, NULL, NULL::int FROM lown o`;

/** The statement of one shape: $1 the writer mark, $2 the vector bytes, then each part's arrays in order. */
function batchText(shape: Shape): string {
  const { pgvector } = shape;
  let n = 2;
  const param = (type: string) => `$${++n}::${type}`;
  const ctes: string[] = [];
  const selects: string[] = [];
  const memoryParams = (extra: string[] = []) =>
    [...extra, ...MEMORY_TYPES, ...(pgvector ? ['text'] : [])].map((type) => param(`${type}[]`));
  const memoryNames = (extra: string[] = []) => [...extra, ...MEMORY_FIELDS, ...(pgvector ? ['vec'] : [])];
  if (shape.accepts) {
    // The entries first; a memory only for an entry this statement created.
    const entry = ['text', 'text', 'text', 'jsonb', 'int8'].map((type) => param(`${type}[]`));
    ctes.push(`inb AS (INSERT INTO inbox (agent_id, message_id, room_id, body, state, accepted_at)
      SELECT e.agent_id, e.message_id, e.room_id, e.body, 'accepted', e.at FROM unnest(${entry.join(', ')}) AS e(agent_id, message_id, room_id, body, at)
      ON CONFLICT (agent_id, message_id) DO NOTHING RETURNING seq, agent_id, message_id, room_id)`);
    selects.push("SELECT 'i', seq, message_id, agent_id, NULL, NULL, NULL, NULL, NULL::int FROM inb");
    if (shape.leases) {
      const [agents, messages] = entry;
      ctes.push(...leaseCtes(agents, messages, param('text[]')));
      selects.push(
        LEASE_SELECT,
        "SELECT 't', count(*)::bigint, NULL, NULL, NULL, NULL, NULL, NULL, NULL::int FROM lnt",
      );
    }
    if (shape.acceptedMemories) {
      const arrays = memoryParams(['text', 'text']);
      const join = `JOIN inb ON inb.agent_id = u.inbox_agent AND inb.message_id = u.inbox_message WHERE ${AS_MINE}`;
      ctes.push(`acm AS (${memoryInsert(arrays, memoryNames(['inbox_agent', 'inbox_message']), join, pgvector)})`);
      selects.push("SELECT 'n', seq, id, NULL, NULL, NULL, NULL, NULL, NULL::int FROM acm");
    }
  }
  if (shape.memories) {
    ctes.push(`ins AS (${memoryInsert(memoryParams(), memoryNames(), `WHERE ${AS_MINE}`, pgvector)})`);
    selects.push("SELECT 'm', seq, id, NULL, NULL, NULL, NULL, NULL, NULL::int FROM ins");
  }
  if (shape.logs) {
    const arrays = ['text', 'text', 'text', 'text', 'text', 'jsonb', 'int8'].map((type) => param(`${type}[]`));
    ctes.push(
      `lg AS (INSERT INTO logs (id, agent_id, entity_id, room_id, type, body, created_at) SELECT * FROM unnest(${arrays.join(', ')}))`,
    );
  }
  if (shape.usage) {
    const arrays = ['text', 'int4', 'text', 'text', 'text', 'text', ...USAGE_TYPES].map((type) => param(`${type}[]`));
    ctes.push(`us AS (INSERT INTO model_usage (agent_id, day, room_id, model_type, provider, model, ${USAGE_COLUMNS.join(', ')})
      SELECT * FROM unnest(${arrays.join(', ')})
      ON CONFLICT (agent_id, day, room_id, model_type, provider, model) DO UPDATE SET
      ${USAGE_COLUMNS.map((column) => `${column} = model_usage.${column} + excluded.${column}`).join(', ')})`);
  }
  if (shape.vectors) {
    const arrays = [param('text[]'), param('int4[]'), param('int4[]')];
    const names = ['id', 'dimension', 'voff'];
    if (pgvector) {
      arrays.push(param('text[]'));
      names.push('vec');
    }
    const sets = ['dimension = v.dimension', `embedding = ${EMBEDDING_FROM_BYTES('v')}`];
    if (pgvector)
      vectorValues('v').forEach((value, i) => sets.push(`${vectorColumn(EMBEDDING_DIMENSIONS[i])} = ${value}`));
    ctes.push(`up AS (UPDATE memories m SET ${sets.join(', ')} FROM unnest(${arrays.join(', ')}) AS v(${names.join(', ')})
      WHERE ${AS_MINE} AND m.id = v.id
      RETURNING m.seq, m.id, m.agent_id, m.type, m.room_id, m.world_id, m.entity_id, m.is_unique::int)`);
    selects.push("SELECT 'v', seq, id, agent_id, type, room_id, world_id, entity_id, is_unique FROM up");
  }
  if (shape.answered) {
    // The entry by its unique key, never through the partial index of pending entries: every answered entry leaves
    // a dead item there until VACUUM, so under steady traffic a scan of it grows with each message.
    const arrays = [param('text[]'), param('text[]'), param('int8[]')];
    if (shape.notices) arrays.push(param('text[]'));
    ctes.push(`ans AS (UPDATE inbox i SET state = 'answered', answered_at = a.at, body = NULL
      FROM unnest(${arrays.join(', ')}) AS a(agent_id, message_id, at${shape.notices ? ', notice' : ''})
      WHERE i.agent_id = a.agent_id AND i.message_id = a.message_id AND i.state IS NOT DISTINCT FROM 'accepted'
      RETURNING i.message_id, i.agent_id${shape.notices ? ', a.notice' : ''})`);
    selects.push("SELECT 'a', 0::bigint, message_id, agent_id, NULL, NULL, NULL, NULL, NULL::int FROM ans");
    if (shape.notices) {
      // Fleet notices of the entries answered now: sent at commit, so no server hears of an answer that did not commit.
      ctes.push("nt AS (SELECT pg_notify('kith_fleet', notice) FROM ans WHERE notice IS NOT NULL)");
      selects.push("SELECT 't', count(*)::bigint, NULL, NULL, NULL, NULL, NULL, NULL, NULL::int FROM nt");
    }
  }
  if (shape.fenced) {
    // A turn's decisions commit only under the lease it started with (see WriteFence); the function raises otherwise.
    ctes.push(
      `fence AS (SELECT kith_fleet_fence(${param('text')}, ${param('text[]')}, ${param('text[]')}, ${param('int8[]')}) AS ok)`,
    );
    selects.push("SELECT 'f', 0::bigint, NULL, NULL, NULL, NULL, NULL, NULL, NULL::int FROM fence WHERE NOT ok");
  }
  // Every shape names $1 (the writer) and $2 (the vector bytes), even one whose writes use neither.
  selects.push("SELECT 'w', length($2::bytea)::bigint, $1::text, NULL, NULL, NULL, NULL, NULL, NULL::int WHERE false");
  return `WITH ${ctes.join(',\n')}\n${selects.join(' UNION ALL ')}`;
}
