import { EmbeddingDimensionMismatchError } from '@kith/core';
import { UnsupportedEmbeddingDimensionError } from '../../errors';
import { EMBEDDING_DIMENSIONS, isSupportedDimension } from '../../shared/vectors/embedding-dimensions';
import type { StoreContext } from './store-context';

/**
 * The vector size of one agent. Persisted in `agents.embedding_dimension`;
 * before the agent row exists it is held here and written by createAgent.
 * Without either, the size of an already stored vector of the agent counts.
 */
export class AgentDimension {
  private known: number | null | undefined;

  constructor(private readonly ctx: StoreContext) {}

  current(): number | null {
    if (this.known === undefined) {
      const { conn, agentId } = this.ctx;
      const row = conn.get<{ d: number | null }>('SELECT embedding_dimension AS d FROM agents WHERE id = ?', agentId);
      this.known =
        row?.d ??
        conn.get<{ d: number }>(
          'SELECT e.dimension AS d FROM memories m JOIN embeddings e ON e.memory_seq = m.seq WHERE m.agent_id = ? LIMIT 1',
          agentId,
        )?.d ??
        null;
    }
    return this.known;
  }

  /** Held but not yet written (no agent row): createAgent stores it. */
  pending(): number | null {
    return this.known ?? null;
  }

  /**
   * Fixes the agent's dimension. Switching is allowed while the agent has no
   * stored vectors of the old size; otherwise it is a mismatch.
   */
  ensure(dimension: number): void {
    if (!isSupportedDimension(dimension)) throw new UnsupportedEmbeddingDimensionError(dimension, EMBEDDING_DIMENSIONS);
    const current = this.current();
    if (current !== null && current !== dimension && this.hasVectors(current)) {
      throw new EmbeddingDimensionMismatchError(current, dimension);
    }
    this.adopt(dimension);
  }

  /** Validates a vector about to be stored; the first one fixes an unknown dimension. */
  checkWrite(length: number): void {
    const current = this.current();
    if (current === null) {
      this.ensure(length);
      return;
    }
    if (length !== current) throw new EmbeddingDimensionMismatchError(current, length);
  }

  /** Validates a query vector; false when the agent has no dimension yet (nothing to find). */
  checkSearch(length: number): boolean {
    const current = this.current();
    if (current === null) return false;
    if (length !== current) throw new EmbeddingDimensionMismatchError(current, length);
    return true;
  }

  /** Forgets the cached value (the agent row was deleted). */
  reset(): void {
    this.known = undefined;
  }

  private adopt(dimension: number): void {
    const { conn, agentId } = this.ctx;
    conn.run('UPDATE agents SET embedding_dimension = ? WHERE id = ?', dimension, agentId);
    this.known = dimension;
  }

  private hasVectors(dimension: number): boolean {
    return (
      this.ctx.conn.get(
        'SELECT 1 FROM memories m JOIN embeddings e ON e.memory_seq = m.seq WHERE m.agent_id = ? AND e.dimension = ? LIMIT 1',
        this.ctx.agentId,
        dimension,
      ) !== undefined
    );
  }
}
