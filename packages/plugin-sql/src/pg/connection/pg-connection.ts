import type { SqlLogger } from '../../shared/sql-logger';
import { type DatabaseTarget, describeDatabaseUrl } from '../../errors';
import { isWasmSimdAvailable, type VectorKernel } from '../../shared/vectors/int8-matrix';
import { PG_MIGRATIONS_FOLDER } from '../migrations/pg-migrations-folder';
import { runPgMigrations } from '../migrations/run-pg-migrations';
import { PgRecentMemories } from '../stores/recent-memories';
import { PgFleet, type FleetSettings } from '../fleet/pg-fleet';
import { PgVectorIndex } from '../vectors/pg-vector-index';
import { setUpVectorSearch, type VectorMode, type VectorPreference } from '../vectors/pgvector-columns';
import { ChangeFeed } from './change-feed';
import { PgGraphCache } from './graph-cache';
import { NodePostgresDriver } from './node-postgres-driver';
import { callError, connectError } from './pg-error';
import type { PgDriver } from './pg-driver';
import { PgliteDriver, type PgliteLike } from './pglite-driver';
import { type CommittedBatch, PgWriteQueue } from './write-queue';

export interface PgConnectionSettings {
  /** A server: postgres://user:password@host:port/database. */
  url?: string;
  /** Or an in-process PGlite instance (the caller creates and closes it). */
  pglite?: PgliteLike;
  poolMax: number;
  idleTimeoutMs: number;
  connectTimeoutMs: number;
  vectors: VectorPreference;
  simd: boolean;
  logger: SqlLogger;
}

/** HNSW search settings on every connection when pgvector searches: filtered queries keep scanning until k rows match. */
const PGVECTOR_SESSION = ['SET hnsw.iterative_scan = relaxed_order', 'SET hnsw.ef_search = 200'];

/**
 * One PostgreSQL database as this process uses it: the driver (pool), the
 * change feed and the caches it keeps current, the in-process vector index
 * (without pgvector) and the write queue. Shared by every agent's adapter on
 * the same database (see pgConnections).
 */
export class PgConnection {
  readonly feed: ChangeFeed;
  readonly graph: PgGraphCache;
  readonly recent: PgRecentMemories;
  readonly writes: PgWriteQueue;
  vectorMode: VectorMode = 'in-process';
  /** The in-process index (null with pgvector). */
  vectors: PgVectorIndex | null = null;
  /** Migrations this process applied when it opened the database. */
  applied: string[] = [];
  /** This process as a server of the fleet on this database (null until an agent joins it). */
  fleet: PgFleet | null = null;
  private joining: Promise<PgFleet> | undefined;

  private constructor(
    readonly driver: PgDriver,
    readonly target: DatabaseTarget,
    readonly settings: PgConnectionSettings,
  ) {
    this.feed = new ChangeFeed(driver, settings.logger);
    this.graph = new PgGraphCache(this.feed);
    this.recent = new PgRecentMemories(this.feed);
    // A getter in the literal below has the literal as `this`: it reads the mode through this arrow.
    const pgvectorOn = (): boolean => this.vectorMode === 'pgvector';
    this.writes = new PgWriteQueue({
      runner: driver,
      writer: this.feed.writer,
      get pgvector() {
        return pgvectorOn();
      },
      committed: (batch) => this.committed(batch),
      failure: (error, method) => callError(error, target, method),
      fenceOf: (write) => this.fleet?.fences.fenceOf(write),
    });
  }

  /** Connects, migrates, prepares vector search and starts listening; errors name the database and the fix. */
  static async open(settings: PgConnectionSettings): Promise<PgConnection> {
    const target: DatabaseTarget = settings.url
      ? describeDatabaseUrl(settings.url)
      : { host: 'pglite', port: 0, database: 'pglite', user: 'pglite', display: 'pglite (in process)' };
    const driver: PgDriver = settings.pglite
      ? new PgliteDriver(settings.pglite)
      : new NodePostgresDriver({
          url: settings.url as string,
          poolMax: settings.poolMax,
          idleTimeoutMs: settings.idleTimeoutMs,
          connectTimeoutMs: settings.connectTimeoutMs,
          logger: settings.logger,
        });
    const connection = new PgConnection(driver, target, settings);
    try {
      await driver.query({ text: 'SELECT 1' });
    } catch (error) {
      await driver.close().catch(() => undefined);
      throw connectError(error, target);
    }
    try {
      connection.applied = await runPgMigrations(driver, PG_MIGRATIONS_FOLDER);
      if (connection.applied.length > 0)
        settings.logger.debug({ database: target.display, applied: connection.applied }, 'Applied database migrations');
      connection.vectorMode = await setUpVectorSearch(driver, settings.vectors, settings.logger);
      if (connection.vectorMode === 'pgvector') for (const statement of PGVECTOR_SESSION) driver.onConnect(statement);
      else connection.vectors = new PgVectorIndex(driver, chooseKernel(settings), connection.feed);
      await connection.feed.start();
    } catch (error) {
      await connection.feed.stop().catch(() => undefined);
      await driver.close().catch(() => undefined);
      throw connectError(error, target);
    }
    return connection;
  }

  /** Joins the fleet on this database (once per process; the first caller's settings win). */
  joinFleet(settings: FleetSettings): Promise<PgFleet> {
    this.joining ??= (async () => {
      const fleet = new PgFleet(this, settings);
      await fleet.start();
      this.fleet = fleet;
      return fleet;
    })();
    return this.joining;
  }

  /** Waits for queued writes (deferred ones too), leaves the fleet, stops listening and closes the pool. */
  async close(): Promise<void> {
    await this.writes.settled(true).catch(() => undefined);
    await this.fleet?.stop();
    await this.feed.stop();
    await this.driver.close();
  }

  /** Applies committed writes to the caches (the write queue's batches, and the inbox's acceptances). */
  committed(batch: CommittedBatch): void {
    if (batch.inserted.length > 0) this.recent.inserted(batch.inserted);
    for (const stored of batch.vectors)
      this.recent.vectorStored(stored.roomId, stored.seq, stored.dimension, stored.blob);
    const index = this.vectors;
    if (!index) return;
    for (const row of batch.inserted) {
      const blob = row[12];
      if (!blob) continue;
      index.add({
        seq: row[0],
        agentId: row[2],
        type: row[3],
        entityId: row[4],
        roomId: row[5],
        worldId: row[6],
        unique: row[9] === 1,
        vector: new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength)),
      });
    }
    for (const stored of batch.vectors) {
      index.add({
        seq: stored.seq,
        agentId: stored.agentId,
        type: stored.type,
        roomId: stored.roomId,
        worldId: stored.worldId,
        entityId: stored.entityId,
        unique: stored.unique,
        vector: new Float32Array(
          stored.blob.buffer.slice(stored.blob.byteOffset, stored.blob.byteOffset + stored.blob.byteLength),
        ),
      });
    }
  }
}

function chooseKernel(settings: PgConnectionSettings): VectorKernel {
  if (settings.simd && isWasmSimdAvailable()) return 'wasm-simd';
  settings.logger.warn(
    {},
    'Vector search uses plain JavaScript (WebAssembly SIMD is off or not available): same results, several times slower.',
  );
  return 'js';
}

interface Entry {
  opening: Promise<PgConnection>;
  refs: number;
}

const open = new Map<unknown, Entry>();

/**
 * One connection per database per process: every agent's adapter on the
 * same URL (or PGlite instance) shares its pool, caches and write queue;
 * the settings of the first opener win. The last release closes it.
 */
export async function acquirePgConnection(settings: PgConnectionSettings): Promise<PgConnection> {
  const key = settings.pglite ?? settings.url;
  const existing = open.get(key);
  if (existing) {
    existing.refs += 1;
    try {
      return await existing.opening;
    } catch (error) {
      existing.refs -= 1;
      throw error;
    }
  }
  const entry: Entry = { opening: PgConnection.open(settings), refs: 1 };
  open.set(key, entry);
  try {
    return await entry.opening;
  } catch (error) {
    open.delete(key);
    throw error;
  }
}

export async function releasePgConnection(connection: PgConnection): Promise<void> {
  const key = connection.settings.pglite ?? connection.settings.url;
  const entry = open.get(key);
  if (!entry) return;
  entry.refs -= 1;
  if (entry.refs > 0) return;
  open.delete(key);
  await connection.close();
}
