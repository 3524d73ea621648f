import type { PartitionQuery, RowTags } from './vector-partition';

/** What the vector partitions filter a memory by. */
export interface TaggedRow {
  roomId: string;
  worldId: string | null;
  entityId: string;
  unique: boolean;
}

/**
 * Small integers stand for room, world and entity ids in the partitions
 * (compact arrays, integer comparisons); each id gets one the first time it
 * is seen and keeps it.
 */
export class RowTagger {
  private readonly ids = new Map<string, number>();

  tags(row: TaggedRow): RowTags {
    return {
      room: this.idOf(row.roomId),
      world: row.worldId === null ? -1 : this.idOf(row.worldId),
      entity: this.idOf(row.entityId),
      unique: row.unique,
    };
  }

  /** A search as the partitions take it; null when a filter names an id no stored row has (nothing can match). */
  partitionQuery(query: {
    vector: Float32Array;
    k: number;
    minSimilarity?: number;
    roomId?: string;
    worldId?: string;
    entityId?: string;
    unique?: boolean;
  }): PartitionQuery | null {
    const room = this.filterId(query.roomId);
    const world = this.filterId(query.worldId);
    const entity = this.filterId(query.entityId);
    if (room === null || world === null || entity === null) return null;
    return {
      vector: query.vector,
      k: query.k,
      minSimilarity: query.minSimilarity,
      room,
      world,
      entity,
      uniqueOnly: query.unique === true,
    };
  }

  /** A filter value: undefined for no filter, null for an id no row has (nothing can match). */
  filterId(value: string | undefined): number | undefined | null {
    if (value === undefined) return undefined;
    return this.ids.get(value) ?? null;
  }

  private idOf(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(value, id);
    }
    return id;
  }
}
