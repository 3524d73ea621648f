import { EmbeddingDimensionMismatchError } from '@kith/core';
import { UnsupportedEmbeddingDimensionError } from '../../errors';
import { EMBEDDING_DIMENSIONS, isSupportedDimension } from '../../shared/vectors/embedding-dimensions';
import type { Change, ChangeSubscriber } from '../connection/change-feed';
import type { PgStoreContext } from './store-context';

/**
 * The vector size of one agent on PostgreSQL, as on SQLite: persisted in
 * `agents.embedding_dimension` (held here until the agent row exists), else
 * the size of a vector the agent already stored. Read once, then kept; a
 * change to the agents table by anyone else makes it read again.
 */
export class PgAgentDimension implements ChangeSubscriber {
  private known: number | null | undefined;

  constructor(private readonly ctx: PgStoreContext) {}

  async current(): Promise<number | null> {
    if (this.known === undefined || !this.ctx.conn.feed.live) {
      const { driver } = this.ctx.conn;
      const agent = await driver.query<{ d: number | null }>({
        text: 'SELECT embedding_dimension AS d FROM agents WHERE id = $1',
        values: [this.ctx.agentId],
      });
      let known = agent.rows[0]?.d ?? null;
      if (known === null) {
        const stored = await driver.query<{ d: number }>({
          text: 'SELECT dimension AS d FROM memories WHERE agent_id = $1 AND dimension IS NOT NULL LIMIT 1',
          values: [this.ctx.agentId],
        });
        known = stored.rows[0]?.d ?? null;
      }
      this.known = known;
    }
    return this.known;
  }

  pending(): number | null {
    return this.known ?? null;
  }

  async ensure(dimension: number): Promise<void> {
    if (!isSupportedDimension(dimension)) throw new UnsupportedEmbeddingDimensionError(dimension, EMBEDDING_DIMENSIONS);
    const current = await this.current();
    if (current !== null && current !== dimension && (await this.hasVectors(current))) {
      throw new EmbeddingDimensionMismatchError(current, dimension);
    }
    await this.ctx.conn.driver.query({
      text: 'UPDATE agents SET embedding_dimension = $1 WHERE id = $2',
      values: [dimension, this.ctx.agentId],
    });
    this.known = dimension;
  }

  /** Validates a vector about to be stored; the first one fixes an unknown dimension. */
  async checkWrite(length: number): Promise<void> {
    const current = await this.current();
    if (current === null) return this.ensure(length);
    if (length !== current) throw new EmbeddingDimensionMismatchError(current, length);
  }

  /** Validates a query vector; false when the agent has no dimension yet. */
  async checkSearch(length: number): Promise<boolean> {
    const current = await this.current();
    if (current === null) return false;
    if (length !== current) throw new EmbeddingDimensionMismatchError(current, length);
    return true;
  }

  reset(): void {
    this.known = undefined;
  }

  changed(change: Change): void {
    if (change.table === 'agents') this.known = undefined;
  }

  private async hasVectors(dimension: number): Promise<boolean> {
    const { rows } = await this.ctx.conn.driver.query({
      text: 'SELECT 1 FROM memories WHERE agent_id = $1 AND dimension = $2 LIMIT 1',
      values: [this.ctx.agentId, dimension],
    });
    return rows.length > 0;
  }
}
