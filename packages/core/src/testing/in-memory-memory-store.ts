import { EmbeddingDimensionMismatchError } from '../errors';
import type { SearchMemoriesParams } from '../types/database';
import type { Memory, MemoryMetadata } from '../types/memory';
import type { UUID } from '../types/primitives';
import { randomUuid } from '../uuid/uuid';
import { copyValue } from './copy-value';
import { cosineSimilarity } from '../utils/cosine-similarity';

interface MemoryRow {
  memory: Memory;
  tableName: string;
  /** Insertion order: breaks createdAt ties so "newest first" is stable. */
  seq: number;
}

export type MemoryPredicate = (memory: Memory, tableName: string) => boolean;

/** Cosine similarity at or above which a new memory counts as a near-duplicate. */
const NEAR_DUPLICATE_SIMILARITY = 0.95;

/** The memories "table" of the in-memory adapter, with its single embedding dimension. */
export class InMemoryMemoryStore {
  private readonly rows = new Map<UUID, MemoryRow>();
  private seq = 0;
  private dimension: number | undefined;

  constructor(private readonly agentId: UUID) {}

  get embeddingDimension(): number | undefined {
    return this.dimension;
  }

  /** Sets the vector size; stored vectors of another size make it an error. */
  ensureDimension(dimension: number): void {
    const stored = this.storedDimension();
    if (stored !== undefined && stored !== dimension) throw new EmbeddingDimensionMismatchError(stored, dimension);
    this.dimension = dimension;
  }

  create(memory: Memory, tableName: string, unique?: boolean): UUID {
    const id = memory.id ?? randomUuid();
    if (this.rows.has(id)) return id; // idempotent, like INSERT ... ON CONFLICT DO NOTHING
    if (memory.embedding) this.checkDimension(memory.embedding);
    const isUnique = unique ?? memory.unique ?? (memory.embedding ? !this.hasNearDuplicate(memory, tableName) : true);
    const stored: Memory = {
      ...copyValue(memory),
      id,
      agentId: memory.agentId ?? this.agentId,
      createdAt: memory.createdAt ?? Date.now(),
      unique: isUnique,
      metadata: copyValue(memory.metadata ?? {}),
    };
    delete stored.similarity;
    if (memory.embedding) this.dimension ??= memory.embedding.length;
    this.rows.set(id, { memory: stored, tableName, seq: this.seq++ });
    return id;
  }

  get(id: UUID): Memory | null {
    const row = this.rows.get(id);
    return row ? copyValue(row.memory) : null;
  }

  /** Matching memories, newest first, then `offset` and `count` applied. */
  list(predicate: MemoryPredicate, page: { count?: number; offset?: number } = {}): Memory[] {
    const matches = [...this.rows.values()]
      .filter((row) => predicate(row.memory, row.tableName))
      .sort((a, b) => (b.memory.createdAt ?? 0) - (a.memory.createdAt ?? 0) || b.seq - a.seq);
    const start = page.offset ?? 0;
    const end = page.count === undefined ? undefined : start + page.count;
    return matches.slice(start, end).map((row) => copyValue(row.memory));
  }

  count(predicate: MemoryPredicate): number {
    let total = 0;
    for (const row of this.rows.values()) if (predicate(row.memory, row.tableName)) total++;
    return total;
  }

  /** Nearest memories by cosine similarity, best first; each carries `similarity`. */
  search(params: SearchMemoriesParams): Memory[] {
    this.checkDimension(params.embedding);
    const threshold = params.match_threshold ?? Number.NEGATIVE_INFINITY;
    const hits: { row: MemoryRow; similarity: number }[] = [];
    for (const row of this.rows.values()) {
      const memory = row.memory;
      if (row.tableName !== params.tableName || !memory.embedding) continue;
      if (memory.embedding.length !== params.embedding.length) continue;
      if (params.unique && !memory.unique) continue;
      if (params.roomId && memory.roomId !== params.roomId) continue;
      if (params.worldId && memory.worldId !== params.worldId) continue;
      if (params.entityId && memory.entityId !== params.entityId) continue;
      const similarity = cosineSimilarity(params.embedding, memory.embedding);
      if (similarity >= threshold) hits.push({ row, similarity });
    }
    hits.sort((a, b) => b.similarity - a.similarity || b.row.seq - a.row.seq);
    const ranked = params.query ? rerankByKeywords(hits, params.query) : hits;
    return ranked.slice(0, params.count ?? 10).map(({ row, similarity }) => ({ ...copyValue(row.memory), similarity }));
  }

  /** Replaces content, metadata and embedding when given; false when the memory does not exist. */
  update(patch: Partial<Memory> & { id: UUID; metadata?: MemoryMetadata }): boolean {
    const row = this.rows.get(patch.id);
    if (!row) return false;
    if (patch.embedding) this.checkDimension(patch.embedding);
    if (patch.content) row.memory.content = copyValue(patch.content);
    if (patch.metadata) row.memory.metadata = copyValue(patch.metadata);
    if (patch.embedding) {
      row.memory.embedding = [...patch.embedding];
      this.dimension ??= patch.embedding.length;
    }
    return true;
  }

  delete(ids: Iterable<UUID>): void {
    for (const id of ids) this.rows.delete(id);
  }

  deleteWhere(predicate: MemoryPredicate): void {
    for (const [id, row] of this.rows) if (predicate(row.memory, row.tableName)) this.rows.delete(id);
  }

  private hasNearDuplicate(memory: Memory, tableName: string): boolean {
    if (!memory.embedding || this.dimension !== memory.embedding.length) return false;
    const similar = this.search({
      tableName,
      embedding: memory.embedding,
      roomId: memory.roomId,
      match_threshold: NEAR_DUPLICATE_SIMILARITY,
      count: 1,
    });
    return similar.length > 0;
  }

  private checkDimension(vector: readonly number[]): void {
    if (this.dimension !== undefined && vector.length !== this.dimension) {
      throw new EmbeddingDimensionMismatchError(this.dimension, vector.length);
    }
  }

  private storedDimension(): number | undefined {
    for (const row of this.rows.values()) if (row.memory.embedding) return row.memory.embedding.length;
    return undefined;
  }
}

/** Share of the cosine similarity in the hybrid score; the rest is keyword relevance (as plugin-sql does with BM25). */
const VECTOR_WEIGHT = 0.7;

function words(text: string): string[] {
  return [...text.toLowerCase().matchAll(/[\p{L}\p{N}_]+/gu)].map((m) => m[0]);
}

/** Re-ranks vector hits by IDF-weighted query-word matches, normalised by the best hit. */
function rerankByKeywords<T extends { row: MemoryRow; similarity: number }>(hits: T[], query: string): T[] {
  const queryWords = new Set(words(query));
  const documents = hits.map((hit) => new Set(words(hit.row.memory.content.text ?? '')));
  const idf = (word: string) => Math.log(1 + hits.length / (1 + documents.filter((doc) => doc.has(word)).length));
  const relevance = documents.map((doc) =>
    [...queryWords].reduce((sum, word) => sum + (doc.has(word) ? idf(word) : 0), 0),
  );
  const best = Math.max(0, ...relevance);
  const score = (i: number) =>
    VECTOR_WEIGHT * hits[i].similarity + (best > 0 ? ((1 - VECTOR_WEIGHT) * relevance[i]) / best : 0);
  return hits
    .map((hit, i) => ({ hit, score: score(i) }))
    .sort((a, b) => b.score - a.score)
    .map(({ hit }) => hit);
}
