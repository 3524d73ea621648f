import {
  type AnsweredOutcome,
  type CoordinatedAcceptance,
  type CoordinatedEntry,
  type FleetChunk,
  type FleetOutcome,
  type FleetStatus,
  type InboundMessage,
  type Memory,
  type RoomCoordinator,
  type RoomCoordinatorHandlers,
  RoomLeaseLostError,
  type UUID,
} from '@kith/core';
import { callError } from '../connection/pg-error';
import type { WriteFence } from '../connection/write-queue';
import type { PgAgentDimension } from '../stores/agent-dimension';
import { acceptInbound } from '../stores/inbox-store';
import type { PgStoreContext } from '../stores/store-context';
import { CHUNK_TEXT_MAX, ERROR_TEXT_MAX, type FleetNotice } from './fleet-notice';
import { ANSWERED, RELEASE, ROOM_OWNER, ROOM_PENDING } from './fleet-statements';
import type { PgFleet } from './pg-fleet';
import { type QueuedEntry, RoomQueue } from './room-queue';

interface Waiter {
  roomId: string;
  since: number;
  resolve: (outcome: FleetOutcome) => void;
}

/** SQLSTATE of kith_fleet_fence: the lease a write was fenced with is gone. */
export const FENCE_SQLSTATE = 'KF001';

export function isFenceError(error: unknown): boolean {
  return RoomLeaseLostError.isInstance(error) || (error as { code?: unknown } | null)?.code === FENCE_SQLSTATE;
}

/** How long a failed read of a room's pending entries waits before the next try. */
const READ_RETRY_MS = 500;

/**
 * One agent's side of the fleet on PostgreSQL (core's RoomCoordinator).
 * Accepting a message also looks up (or takes) the room's lease in the same
 * statement; the rooms this server holds each have a RoomQueue that answers
 * their entries in inbox order, whoever accepted them; decisions are fenced
 * by the lease their turn started under; outcomes of other servers arrive as
 * notices (kith_fleet) and, after a missed one, from the inbox's state.
 */
export class PgRoomCoordinator implements RoomCoordinator {
  private readonly rooms = new Map<string, RoomQueue>();
  private takeovers = 0;
  private leasesLost = 0;
  private readonly waiters = new Map<string, Waiter[]>();
  private handlers: RoomCoordinatorHandlers | undefined;
  private releasing = false;
  /** Messages in an acceptance statement here: a read of their room's pending entries must not take them as forwarded. */
  private readonly accepting = new Set<string>();

  constructor(
    private readonly fleet: PgFleet,
    private readonly ctx: PgStoreContext,
    private readonly dims: PgAgentDimension,
  ) {}

  get serverId(): string {
    return this.fleet.serverId;
  }

  get leaseMs(): number {
    return this.fleet.leaseMs;
  }

  get agentId(): UUID {
    return this.ctx.agentId;
  }

  /** Rooms held now (for the heartbeat's check). */
  get heldRooms(): number {
    return this.rooms.size;
  }

  async accept(message: InboundMessage, memory?: Memory): Promise<CoordinatedAcceptance> {
    this.accepting.add(message.messageId);
    try {
      return await this.acceptHere(message, memory);
    } catch (error) {
      // As the adapter's own calls do: a lost connection is DatabaseUnavailableError (503), not an internal error.
      throw callError(error, this.ctx.conn.target, 'acceptInbound');
    } finally {
      this.accepting.delete(message.messageId);
    }
  }

  private async acceptHere(message: InboundMessage, memory?: Memory): Promise<CoordinatedAcceptance> {
    // Joins the write batch: the lease is read (or taken) in the batch's statement, with the entry.
    const { lease, ...acceptance } = await acceptInbound(this.ctx, this.dims, message, memory, this.serverId);
    if (!acceptance.created || !lease) return { ...acceptance, local: false };
    let { owner, epoch } = lease;
    const before = lease.before;
    if (owner === null) {
      // Two servers took a new room at once: this statement's snapshot saw neither claim. Read who won.
      const { rows } = await this.ctx.conn.driver.query<[string | null, number, boolean]>({
        text: ROOM_OWNER,
        values: [this.agentId, message.roomId],
        rowMode: 'array',
      });
      [owner, epoch] = rows[0] && rows[0][2] ? [rows[0][0], rows[0][1]] : [null, null];
      if (owner !== null && owner !== this.serverId)
        this.fleet.notify({
          k: 'i',
          s: this.serverId,
          a: this.agentId,
          r: message.roomId,
          q: acceptance.entry.seq,
          o: owner,
        });
    }
    if (owner === this.serverId && epoch !== null) {
      const queue = this.hold(message.roomId, Number(epoch));
      queue.expect(before);
      if (this.releasing) return { ...acceptance, local: false };
      queue.reserve(acceptance.entry.seq, message.messageId);
      return { ...acceptance, local: true };
    }
    // Held by another server (it was told, at commit), or by nobody alive (the next scan takes it).
    this.fleet.ownerSeen(owner);
    return { ...acceptance, local: false };
  }

  schedule<T>(entry: CoordinatedEntry, turn: () => Promise<T>): Promise<T> {
    const queue = this.rooms.get(entry.roomId);
    if (!queue || this.releasing) return Promise.reject(new RoomLeaseLostError(entry.roomId, this.serverId));
    return new Promise<T>((resolve, reject) => {
      // Taken already from a read of the room's pending entries: the caller awaits the outcome (settled here).
      if (
        !queue.add({
          seq: entry.seq,
          messageId: entry.messageId,
          run: turn,
          resolve: resolve as (value: unknown) => void,
          reject,
        })
      ) {
        reject(new RoomLeaseLostError(entry.roomId, this.serverId));
        return;
      }
      this.pump(entry.roomId, queue);
    });
  }

  async markAnswered(entry: CoordinatedEntry, outcome: AnsweredOutcome): Promise<void> {
    const fence = this.fleet.fences.forMessage(this.agentId, entry.messageId) ?? this.currentFence(entry.roomId);
    const notice: FleetNotice = {
      k: 'd',
      s: this.serverId,
      a: this.agentId,
      r: entry.roomId,
      m: entry.messageId,
      ...(outcome.mode ? { o: outcome.mode } : {}),
      ...(outcome.error ? { e: outcome.error.slice(0, ERROR_TEXT_MAX) } : {}),
    };
    try {
      await this.ctx.conn.writes.submit<boolean>({
        kind: 'answered',
        agentId: this.agentId,
        messageId: entry.messageId,
        at: Date.now(),
        fence,
        notice: JSON.stringify(notice),
      });
    } catch (error) {
      if (isFenceError(error)) {
        this.lose(entry.roomId, fence.epoch);
        throw new RoomLeaseLostError(entry.roomId, this.serverId);
      }
      // Not committed: the entry stays pending, and a later read here takes it again.
      this.rooms.get(entry.roomId)?.forget(entry.seq);
      throw error;
    }
    this.settle(
      { messageId: entry.messageId, roomId: entry.roomId, ...outcome, serverId: this.serverId, awaited: false },
      true,
    );
  }

  awaitOutcome(entry: Pick<CoordinatedEntry, 'messageId' | 'roomId'>): Promise<FleetOutcome> {
    return new Promise((resolve) => {
      const list = this.waiters.get(entry.messageId) ?? [];
      list.push({ roomId: entry.roomId, since: Date.now(), resolve });
      this.waiters.set(entry.messageId, list);
    });
  }

  publishChunk(chunk: FleetChunk): void {
    if (!this.fleet.hasOthers) return;
    for (let at = 0; at === 0 || at < chunk.chunk.length; at += CHUNK_TEXT_MAX) {
      this.fleet.notify({
        k: 'c',
        s: this.serverId,
        a: this.agentId,
        r: chunk.roomId,
        m: chunk.messageId,
        i: chunk.index,
        t: chunk.chunk.slice(at, at + CHUNK_TEXT_MAX),
      });
    }
  }

  connect(handlers: RoomCoordinatorHandlers): () => void {
    this.handlers = handlers;
    for (const [roomId, queue] of this.rooms) this.pump(roomId, queue);
    return () => {
      if (this.handlers === handlers) this.handlers = undefined;
    };
  }

  async release(): Promise<void> {
    this.releasing = true;
    this.handlers = undefined;
    const rooms = [...this.rooms.entries()];
    this.rooms.clear();
    for (const [roomId, queue] of rooms) this.failWaiting(roomId, queue);
    const notice: FleetNotice = { k: 'b', s: this.serverId, a: this.agentId };
    await this.ctx.conn.driver.query({ text: RELEASE, values: [this.serverId, this.agentId, JSON.stringify(notice)] });
  }

  status(): FleetStatus {
    return {
      serverId: this.serverId,
      leaseMs: this.leaseMs,
      servers: this.fleet.memberList(),
      rooms: this.rooms.size,
      takeovers: this.takeovers,
      leasesLost: this.leasesLost,
    };
  }

  // ---- the fleet's side -----------------------------------------------------

  /** A notice about this agent from another server. */
  noticed(notice: FleetNotice): void {
    switch (notice.k) {
      case 'i': {
        if (notice.o !== this.serverId) return;
        const queue = this.rooms.get(notice.r);
        if (queue && queue.expect([notice.q])) this.pump(notice.r, queue);
        return;
      }
      case 'd':
        this.settle({
          messageId: notice.m as UUID,
          roomId: notice.r as UUID,
          mode: notice.o,
          ...(notice.e ? { error: notice.e } : {}),
          serverId: notice.s,
          awaited: false,
        });
        return;
      case 'c':
        this.handlers?.chunk({
          messageId: notice.m as UUID,
          roomId: notice.r as UUID,
          index: notice.i,
          chunk: notice.t,
        });
        return;
      default:
        return;
    }
  }

  /** The scan took this room (its owner was dead or gone) or found this server holding it: read its pending entries. */
  taken(roomId: string, epoch: number): void {
    if (this.releasing) return;
    const queue = this.hold(roomId, epoch);
    queue.stale = true;
    this.pump(roomId, queue);
  }

  /** The scan found this entry pending in a room this server holds. */
  pendingSeen(roomId: string, epoch: number, seq: number): void {
    if (this.releasing) return;
    const held = this.rooms.get(roomId);
    const queue = held && held.epoch === epoch ? held : this.hold(roomId, epoch, true);
    if (queue.expect([seq])) this.pump(roomId, queue);
  }

  /**
   * The database's list of this agent's rooms held here, read from
   * `askedAt` on (performance.now()): any other is lost. A room taken here
   * after the list was asked for may be missing from its snapshot: it is
   * kept, and the next heartbeat checks it.
   */
  reconcile(held: Map<string, number>, askedAt: number): void {
    for (const [roomId, queue] of [...this.rooms]) {
      if (held.get(roomId) !== queue.epoch && queue.heldAt < askedAt) this.lose(roomId, queue.epoch);
    }
  }

  /** Checks, from the inbox's state, the outcomes this server waits for: all of them, or those waiting longer than `olderThanMs`. */
  async resync(olderThanMs = 0): Promise<void> {
    const cutoff = Date.now() - olderThanMs;
    const ids = [...this.waiters.entries()]
      .filter(([, list]) => list.some((waiter) => waiter.since <= cutoff))
      .map(([id]) => id);
    if (ids.length === 0) return;
    const { rows } = await this.ctx.conn.driver.query<[string, string]>({
      text: ANSWERED,
      values: [this.agentId, ids],
      rowMode: 'array',
    });
    for (const [messageId, roomId] of rows)
      this.settle({ messageId: messageId as UUID, roomId: roomId as UUID, serverId: this.serverId, awaited: false });
  }

  // ---- rooms --------------------------------------------------------------

  /** The room's queue at this epoch; an older one (the room was lost and taken again) is given up. */
  private hold(roomId: string, epoch: number, takeover = epoch > 1): RoomQueue {
    const held = this.rooms.get(roomId);
    if (held && held.epoch === epoch) return held;
    if (held) this.lose(roomId, held.epoch);
    const queue = new RoomQueue(epoch);
    if (takeover) this.takeovers += 1;
    // Held by another server before: what is pending there may carry part of an earlier turn, and the caches may lag.
    queue.takeover = takeover;
    queue.stale = takeover;
    this.rooms.set(roomId, queue);
    return queue;
  }

  private lose(roomId: string, epoch: number): void {
    const queue = this.rooms.get(roomId);
    if (!queue || queue.epoch !== epoch) return;
    this.rooms.delete(roomId);
    this.leasesLost += 1;
    this.fleet.logger.warn(
      { roomId, epoch, serverId: this.serverId },
      'This server lost its lease on a room; the server now holding it answers its messages',
    );
    this.failWaiting(roomId, queue);
  }

  private failWaiting(roomId: string, queue: RoomQueue): void {
    for (const entry of queue.drain()) entry.reject?.(new RoomLeaseLostError(roomId, this.serverId));
  }

  private currentFence(roomId: string): WriteFence {
    // A commit outside a turn (an unreadable entry closed): the lease the room is held under now.
    return { owner: this.serverId, agentId: this.agentId, roomId, epoch: this.rooms.get(roomId)?.epoch ?? -1 };
  }

  /** Answers the room's entries one at a time, reading its pending entries first when they may be incomplete. */
  private pump(roomId: string, queue: RoomQueue): void {
    if (queue.running) return;
    queue.running = true;
    void this.drive(roomId, queue).finally(() => {
      queue.running = false;
      if (this.rooms.get(roomId) === queue && (queue.stale || (queue.size > 0 && this.canRun(queue))))
        this.pump(roomId, queue);
    });
  }

  private canRun(queue: RoomQueue): boolean {
    const head = queue.peek();
    return (
      head !== undefined && (head.run !== undefined || (head.forwarded !== undefined && this.handlers !== undefined))
    );
  }

  private async drive(roomId: string, queue: RoomQueue): Promise<void> {
    while (this.rooms.get(roomId) === queue) {
      if (queue.stale) {
        queue.stale = false;
        await this.readPending(roomId, queue);
        continue;
      }
      if (!this.canRun(queue)) return;
      const entry = queue.next() as QueuedEntry;
      const fence: WriteFence = { owner: this.serverId, agentId: this.agentId, roomId, epoch: queue.epoch };
      this.fleet.fences.begin(fence, entry.messageId);
      try {
        if (entry.run) entry.resolve?.(await entry.run());
        else if (entry.forwarded && this.handlers) await this.handlers.answer(entry.forwarded);
      } catch (error) {
        entry.reject?.(error);
      } finally {
        this.fleet.fences.end(this.agentId, entry.messageId);
        queue.finished(entry.seq);
      }
    }
  }

  private async readPending(roomId: string, queue: RoomQueue): Promise<void> {
    const takenOver = queue.takeover;
    try {
      // The change feed is synced too: the caches then hold what the servers that accepted these wrote.
      const [{ rows }] = await Promise.all([
        this.ctx.conn.driver.query<[number, string, string | null]>({
          text: ROOM_PENDING,
          values: [this.agentId, roomId],
          rowMode: 'array',
        }),
        this.ctx.conn.feed.fence(),
      ]);
      queue.takeover = false;
      for (const [seq, messageId, body] of rows) {
        if (body === null || queue.has(Number(seq)) || this.accepting.has(messageId)) continue;
        const entry = { seq: Number(seq), messageId: messageId as UUID, roomId: roomId as UUID };
        queue.add({
          seq: entry.seq,
          messageId,
          forwarded: { body: JSON.parse(body) as Record<string, unknown>, entry, takenOver },
        });
      }
    } catch (error) {
      this.fleet.logger.warn({ err: error, roomId }, "Could not read a room's pending messages; trying again");
      await new Promise((resolve) => setTimeout(resolve, READ_RETRY_MS));
      queue.stale = true;
    }
  }

  /** An outcome is known: this server's callers waiting for it get it, then (unless a turn here produced it) the bus hears of it. */
  private settle(outcome: FleetOutcome, local = false): void {
    const waiting = this.waiters.get(outcome.messageId);
    if (waiting) {
      this.waiters.delete(outcome.messageId);
      for (const waiter of waiting) waiter.resolve({ ...outcome, awaited: true });
    }
    if (!local) this.handlers?.outcome({ ...outcome, awaited: waiting !== undefined });
  }
}
