import { BoundedMap } from '@kith/core';
import type { Change, ChangeFeed, ChangeSubscriber } from '../connection/change-feed';
import { EMBEDDING, type PgMemoryRow } from './memory-row';
import { insertNewest, RECENT_CAPACITY } from '../../shared/memories/recent-read';

export { RECENT_CAPACITY };

/** Rooms kept; past this the one filled first goes. */
const MAX_ROOMS = 512;

const SEQ = 0;
const ROOM = 5;
const CREATED_AT = 10;
const DIMENSION = 11;

interface Entry {
  rows: PgMemoryRow[];
  complete: boolean;
}

interface Room {
  entries: Map<string, Entry>;
  /** Bumped by every change to the room: a read that raced with one is not kept. */
  generation: number;
}

const emptyRoom = (): Room => ({ entries: new Map(), generation: 0 });

function newer(a: PgMemoryRow, b: PgMemoryRow): boolean {
  return a[CREATED_AT] !== b[CREATED_AT] ? a[CREATED_AT] > b[CREATED_AT] : a[SEQ] > b[SEQ];
}

/**
 * A room's newest memories per agent and table on PostgreSQL (the read every
 * turn makes), answered from memory:
 * - this adapter's own inserts and vectors are applied once committed;
 * - its own updates and deletes make the room read again;
 * - anyone else's change (another server, plugin SQL) arrives as a change
 *   notification naming the rooms, which are read again.
 * Nothing is answered from memory while the change listener is down, and a
 * read that raced with a change to its room is not kept: a read makes its
 * room's slot first, so a change to a room without one (in a fleet, most
 * notifications are of rooms other servers hold) costs nothing and spoils
 * no read of another room.
 */
export class PgRecentMemories implements ChangeSubscriber {
  /** Past MAX_ROOMS the room filled first goes. */
  private readonly rooms = new BoundedMap<string, Room>(MAX_ROOMS);
  private generation = 0;

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe(this);
  }

  async read(
    agentId: string,
    tableName: string,
    roomId: string,
    count: number,
    load: () => Promise<PgMemoryRow[]>,
  ): Promise<PgMemoryRow[]> {
    if (!this.feed.live || count > RECENT_CAPACITY) return load();
    const key = `${agentId}\u0000${tableName}`;
    let room = this.rooms.get(roomId);
    const entry = room?.entries.get(key);
    if (entry && (entry.complete || entry.rows.length >= count)) return entry.rows.slice(0, count);
    if (!room) {
      room = emptyRoom();
      this.rooms.set(roomId, room);
    }
    const generation = this.generation;
    const roomGeneration = room.generation;
    const rows = await load();
    // Kept only if nothing changed the room meanwhile (its slot evicted or replaced counts as a change).
    if (
      this.feed.live &&
      generation === this.generation &&
      this.rooms.get(roomId) === room &&
      room.generation === roomGeneration
    ) {
      room.entries.set(key, { rows: rows.slice(), complete: rows.length < count });
    }
    return rows;
  }

  /** Memories this adapter inserted, now committed. */
  inserted(rows: readonly PgMemoryRow[]): void {
    for (const row of rows) {
      const room = this.touch(row[ROOM]);
      const entry = room?.entries.get(`${row[2]}\u0000${row[3]}`);
      if (entry) insertNewest(entry, row, newer);
    }
  }

  /** A vector this adapter stored for a memory, now committed. */
  vectorStored(roomId: string, seq: number, dimension: number, blob: Uint8Array): void {
    const room = this.touch(roomId);
    if (!room) return;
    for (const entry of room.entries.values()) {
      const row = entry.rows.find((candidate) => candidate[SEQ] === seq);
      if (row) {
        row[DIMENSION] = dimension;
        row[EMBEDDING] = blob;
      }
    }
  }

  /** The room changed in a way the cache cannot apply (update, delete): read it again. */
  forgetRoom(roomId: string): void {
    const room = this.rooms.get(roomId);
    if (room) {
      room.entries.clear();
      room.generation += 1;
    }
  }

  clear(): void {
    this.rooms.clear();
    this.generation += 1;
  }

  changed(change: Change): void {
    if (change.table !== 'memories') return;
    if (change.rooms === null) this.clear();
    else for (const roomId of change.rooms) this.forgetRoom(roomId);
  }

  reset(): void {
    this.clear();
  }

  private touch(roomId: string): Room | undefined {
    const room = this.rooms.get(roomId);
    if (room) room.generation += 1;
    return room;
  }
}
