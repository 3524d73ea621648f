import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type FleetMember, LruMap } from '@kith/core';
import type { SqlLogger } from '../../shared/sql-logger';
import type { PgConnection } from '../connection/pg-connection';
import type { Listening } from '../connection/pg-driver';
import type { PgAgentDimension } from '../stores/agent-dimension';
import type { PgStoreContext } from '../stores/store-context';
import { FLEET_CHANNEL, type FleetNotice, ownNoticePrefixes, parseFleetNotice } from './fleet-notice';
import { HEARTBEAT, LEAVE, MY_ROOMS, NOTIFY_MANY, SCAN } from './fleet-statements';
import { PgRoomCoordinator } from './pg-room-coordinator';
import { TurnFences } from './turn-fences';

export interface FleetSettings {
  /** How long a server's rooms stay its own without a heartbeat (KITH_LEASE_MS, default 10,000). */
  leaseMs: number;
  logger: SqlLogger;
}

export const DEFAULT_LEASE_MS = 10_000;
/** After a server's lease runs out, the scan waits this much more (clocks of the timers and of the database differ a little). */
const EXPIRY_MARGIN_MS = 50;

type MemberRow = [
  serverId: string,
  info: { host?: string; pid?: number; startedAt?: number },
  expiresAt: number,
  now: number,
  rooms: number,
];

/**
 * This process as a server of a fleet: every kith process whose agents use
 * the same PostgreSQL database. It renews its row in kith_fleet_servers
 * every quarter lease (one statement for all its rooms), LISTENs on
 * kith_fleet for the other servers' notices, and scans for rooms to take
 * over: every heartbeat, when a server says goodbye, and just after a
 * server's lease runs out. One per database per process (on PgConnection);
 * each agent gets its PgRoomCoordinator from it.
 *
 * Why not pg-boss or graphile-worker: see docs/scaling.md. In short, the
 * inbox already is the durable queue (a job row per message would double
 * the writes), per-room order needs one consumer per room with a lease that
 * moves within seconds (graphile-worker holds a dead worker's queue lock
 * for hours; pg-boss's per-key FIFO expires jobs, not owners), and neither
 * fences a worker that outlived its lease out of the commit.
 */
export class PgFleet {
  readonly serverId = `${
    hostname()
      .replace(/[^A-Za-z0-9._-]/g, '')
      .slice(0, 40) || 'kith'
  }-${process.pid}-${randomBytes(3).toString('hex')}`;
  readonly fences = new TurnFences();
  readonly startedAt = Date.now();
  private readonly coordinators = new Map<string, PgRoomCoordinator>();
  private members = new Map<string, FleetMember>();
  /** Servers that said goodbye (their rooms are free). */
  private readonly gone = new LruMap<string, true>(1_000);
  private listening: Listening | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;
  private scanning: Promise<void> | undefined;
  private rescan = false;
  private outbox: string[] = [];
  private flushing = false;
  private stopped = false;
  /** Every server hears its own notices: they are dropped unparsed. */
  private readonly ownPrefixes = ownNoticePrefixes(this.serverId);

  constructor(
    private readonly conn: PgConnection,
    private readonly settings: FleetSettings,
  ) {}

  get leaseMs(): number {
    return this.settings.leaseMs;
  }

  get logger(): SqlLogger {
    return this.settings.logger;
  }

  /** Whether another server was alive at the last heartbeat. */
  get hasOthers(): boolean {
    return this.members.size > 0;
  }

  memberList(): FleetMember[] {
    const me: FleetMember = {
      serverId: this.serverId,
      host: hostname(),
      pid: process.pid,
      startedAt: this.startedAt,
      expiresAt: Date.now() + this.leaseMs,
    };
    return [me, ...this.members.values()];
  }

  /** Joins the fleet: the first heartbeat, then the notices. */
  async start(): Promise<void> {
    await this.heartbeat();
    this.listening = await this.conn.driver.listen(FLEET_CHANNEL, {
      notify: (payload) => this.received(payload),
      lost: (error) =>
        this.logger.warn(
          { err: error },
          'Lost the fleet listener; rooms and outcomes are read from the database when it is back',
        ),
      restored: () => {
        this.logger.info({}, 'Fleet listener reconnected; reading what was missed');
        this.scan();
        for (const coordinator of this.coordinators.values()) void coordinator.resync().catch(() => undefined);
      },
    });
    this.schedule();
  }

  /** The coordinator of an agent (created on first use). */
  coordinator(ctx: PgStoreContext, dims: PgAgentDimension): PgRoomCoordinator {
    let coordinator = this.coordinators.get(ctx.agentId);
    if (!coordinator) {
      coordinator = new PgRoomCoordinator(this, ctx, dims);
      this.coordinators.set(ctx.agentId, coordinator);
      // Rooms an earlier server left with pending messages are this agent's to take as it joins.
      this.scan();
    }
    return coordinator;
  }

  detach(agentId: string): void {
    this.coordinators.delete(agentId);
  }

  /** Leaves the fleet: the rooms still held are released, the row goes, the others are told at once. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.heartbeatTimer);
    clearTimeout(this.expiryTimer);
    await this.scanning?.catch(() => undefined);
    const notice: FleetNotice = { k: 'b', s: this.serverId };
    await this.conn.driver
      .query({ text: LEAVE, values: [this.serverId, JSON.stringify(notice)] })
      .catch((error: unknown) =>
        this.logger.warn(
          { err: error },
          'Could not leave the fleet cleanly; its rooms go to the others when its lease runs out',
        ),
      );
    await this.listening?.close();
  }

  /** Sends a notice soon (several of a tick go in one statement). */
  notify(notice: FleetNotice): void {
    this.outbox.push(JSON.stringify(notice));
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => void this.flush());
  }

  /** An acceptance found the room held by `owner`: if nobody holds it, or that server said goodbye, the rooms are taken now. */
  ownerSeen(owner: string | null): void {
    if (owner === null || this.gone.has(owner)) this.scan();
  }

  // ---- internals --------------------------------------------------------

  private async flush(): Promise<void> {
    while (this.outbox.length > 0) {
      const payloads = this.outbox.splice(0);
      await this.conn.driver
        .query({ text: NOTIFY_MANY, values: [payloads] })
        .catch((error: unknown) => this.logger.debug({ err: error }, 'Could not send fleet notices'));
    }
    this.flushing = false;
  }

  private received(payload: string): void {
    for (const prefix of this.ownPrefixes) if (payload.startsWith(prefix)) return;
    const notice = parseFleetNotice(payload);
    if (!notice || notice.s === this.serverId) return;
    if (notice.k === 'b') {
      if (notice.a === undefined) {
        this.members.delete(notice.s);
        this.gone.set(notice.s, true);
      }
      this.scan();
      return;
    }
    this.coordinators.get(notice.a)?.noticed(notice);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.heartbeatTimer = setTimeout(
      () => {
        void this.heartbeat()
          .then(() => this.scan())
          .catch((error: unknown) => this.logger.warn({ err: error }, 'Fleet heartbeat failed; retrying'))
          .finally(() => this.schedule());
      },
      Math.max(50, Math.floor(this.leaseMs / 4)),
    );
    this.heartbeatTimer.unref();
  }

  private async heartbeat(): Promise<void> {
    const info = { host: hostname(), pid: process.pid, startedAt: this.startedAt };
    const { rows } = await this.conn.driver.query<MemberRow>({
      text: HEARTBEAT,
      values: [this.serverId, JSON.stringify(info), this.leaseMs],
      rowMode: 'array',
    });
    const localNow = Date.now();
    const members = new Map<string, FleetMember>();
    let dbNow = localNow;
    for (const [serverId, data, expiresAt, now] of rows) {
      dbNow = Number(now);
      members.set(serverId, {
        serverId,
        host: String(data?.host ?? ''),
        pid: Number(data?.pid ?? 0),
        startedAt: Number(data?.startedAt ?? 0),
        expiresAt: Number(expiresAt),
      });
    }
    this.members = members;
    // A scan just after the first of the others' leases would run out (unless renewed by then).
    clearTimeout(this.expiryTimer);
    const soonest = Math.min(...[...members.values()].map((member) => member.expiresAt));
    if (Number.isFinite(soonest)) {
      this.expiryTimer = setTimeout(() => this.scan(), Math.max(0, soonest - dbNow) + EXPIRY_MARGIN_MS);
      this.expiryTimer.unref();
    }
    const held = rows.length > 0 ? Number(rows[0][4]) : await this.countMyRooms();
    const local = [...this.coordinators.values()].reduce((sum, coordinator) => sum + coordinator.heldRooms, 0);
    if (held !== local) await this.reconcile();
    for (const coordinator of this.coordinators.values()) void coordinator.resync(this.leaseMs).catch(() => undefined);
  }

  private async countMyRooms(): Promise<number> {
    const { rows } = await this.conn.driver.query<[number]>({
      text: 'SELECT count(*)::int FROM kith_fleet_rooms WHERE owner = $1',
      values: [this.serverId],
      rowMode: 'array',
    });
    return Number(rows[0]?.[0] ?? 0);
  }

  /** Rooms another server took from this one (it was paused past its lease) are given up here. */
  private async reconcile(): Promise<void> {
    const askedAt = performance.now();
    const { rows } = await this.conn.driver.query<[string, string, number]>({
      text: MY_ROOMS,
      values: [this.serverId],
      rowMode: 'array',
    });
    const byAgent = new Map<string, Map<string, number>>();
    for (const [agentId, roomId, epoch] of rows) {
      const rooms = byAgent.get(agentId) ?? new Map<string, number>();
      rooms.set(roomId, Number(epoch));
      byAgent.set(agentId, rooms);
    }
    for (const [agentId, coordinator] of this.coordinators)
      coordinator.reconcile(byAgent.get(agentId) ?? new Map<string, number>(), askedAt);
  }

  /** Takes rooms whose owner is gone and notes pending entries of rooms held here (one scan at a time; a request during one runs another). */
  scan(): void {
    if (this.stopped || this.coordinators.size === 0) return;
    if (this.scanning) {
      this.rescan = true;
      return;
    }
    this.scanning = this.runScan()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Fleet scan failed; the next heartbeat tries again'))
      .finally(() => {
        this.scanning = undefined;
        if (this.rescan) {
          this.rescan = false;
          this.scan();
        }
      });
  }

  private async runScan(): Promise<void> {
    const agents = [...this.coordinators.keys()];
    const { rows } = await this.conn.driver.query<[string, string, string, number, number | null]>({
      text: SCAN,
      values: [this.serverId, agents],
      rowMode: 'array',
    });
    for (const [kind, agentId, roomId, epoch, seq] of rows) {
      const coordinator = this.coordinators.get(agentId);
      if (!coordinator) continue;
      if (kind === 't') {
        this.logger.info({ roomId, agentId, epoch }, 'Took over a room whose server is gone');
        coordinator.taken(roomId, Number(epoch));
      } else if (seq !== null) coordinator.pendingSeen(roomId, Number(epoch), Number(seq));
    }
  }
}
