import { randomUUID } from 'node:crypto';
import { LoadSocket, replyIdsOf, type ServerFrame } from '../reliability/load-socket';

export type SteadyTransport = 'ws' | 'http-sync' | 'http-async';

/** What the client saw of one message. */
export interface SteadyRecord {
  id: string;
  roomId: string;
  transport: SteadyTransport;
  /** ms since the load started. */
  sentAt: number;
  /** The acknowledgement: the `accepted` frame, HTTP 202, or the 200 of a sync POST. */
  ackedAt?: number;
  /** The outcome: a `done` frame or a 200 body (its `error` set when the turn failed), or an error. */
  endedAt?: number;
  mode?: string;
  duplicate?: boolean;
  replyIds: string[];
  /** The failure the client was told: `CODE: message` (an error frame or response, or a done frame's error). */
  error?: string;
}

interface Room {
  id: string;
  transport: 'ws' | 'http';
  userName: string;
  socket?: LoadSocket;
}

const LINES = [
  'I feel sad about my work',
  'My mother never listens to me',
  'I am afraid of the dark',
  'I need a long holiday',
];
/** How long a room waits after a failure before it sends again (a client backing off, not spinning). */
const BACK_OFF_MS = 50;
/** How long a message may go without an outcome before the client gives up on it. */
const OUTCOME_TIMEOUT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function errorText(error: ServerFrame['error'] | { code?: string; message?: string } | undefined): string {
  if (!error) return 'unknown error';
  return typeof error === 'string' ? error : `${error.code}: ${error.message}`;
}

/**
 * A steady conversation load for fault tests: rooms that each send a
 * message, wait for its outcome, and send the next, for as long as the load
 * runs (through a fault and after it), over WebSocket and REST (sync and
 * async POSTs, async outcomes through a watching WebSocket). Every message's
 * acknowledgement and outcome is recorded.
 */
export class SteadyLoad {
  readonly records = new Map<string, SteadyRecord>();
  private readonly started = performance.now();
  private readonly waiting = new Map<string, () => void>();
  private readonly loops: Promise<void>[] = [];
  private sending = true;
  private watcher: LoadSocket | undefined;
  private readonly sockets: LoadSocket[] = [];

  private constructor(
    private readonly url: string,
    private readonly agentId: string,
  ) {}

  now(): number {
    return performance.now() - this.started;
  }

  /** Starts `wsRooms` WebSocket rooms and `httpRooms` REST rooms, each sending until stop(). */
  static async start(url: string, agentId: string, rooms: { wsRooms: number; httpRooms: number }): Promise<SteadyLoad> {
    const load = new SteadyLoad(url, agentId);
    const all: Room[] = [
      ...Array.from({ length: rooms.wsRooms }, (_, i): Room => ({
        id: randomUUID(),
        transport: 'ws',
        userName: `steady-ws-${i}`,
      })),
      ...Array.from({ length: rooms.httpRooms }, (_, i): Room => ({
        id: randomUUID(),
        transport: 'http',
        userName: `steady-http-${i}`,
      })),
    ];
    load.watcher = await LoadSocket.open(
      url,
      (frame) => load.frame(frame),
      () => undefined,
    );
    for (const room of all.filter((r) => r.transport === 'http')) {
      await new Promise<void>((joined) => {
        load.waiting.set(`join:${room.id}`, joined);
        load.watcher?.send({ type: 'join', channelId: room.id, agentId, requestId: `join:${room.id}` });
      });
    }
    for (const room of all) {
      if (room.transport === 'ws')
        load.sockets.push(
          (room.socket = await LoadSocket.open(
            url,
            (frame) => load.frame(frame),
            () => undefined,
          )),
        );
      load.loops.push(load.run(room));
    }
    return load;
  }

  /** Stops sending and waits for the outcome of every message sent. */
  async stop(): Promise<void> {
    this.sending = false;
    await Promise.all(this.loops);
    this.watcher?.close();
  }

  /** After a failed test: stops sending, gives up on outcomes, closes the sockets. */
  abandon(): void {
    this.sending = false;
    for (const record of this.records.values()) this.end(record, { error: 'abandoned' });
    this.watcher?.close();
    for (const socket of this.sockets) socket.close();
  }

  /** Resolves once `condition` holds (checked every 50 ms); fails after `timeoutMs` with `what`. */
  async until(what: string, condition: () => boolean, timeoutMs = 60_000): Promise<void> {
    const deadline = this.now() + timeoutMs;
    while (!condition()) {
      if (this.now() > deadline) {
        const stuck = this.list().filter((r) => r.endedAt === undefined && this.now() - r.sentAt > 5_000);
        const described = stuck.map(
          (r) =>
            `${r.transport} ${r.id} sent at ${Math.round(r.sentAt)} ms, ${r.ackedAt === undefined ? 'not acknowledged' : `acknowledged at ${Math.round(r.ackedAt)} ms`}`,
        );
        throw new Error(
          `steady load: no ${what} within ${timeoutMs} ms (${JSON.stringify(this.summary())}); waiting for an outcome: ${described.join('; ') || 'none'}`,
        );
      }
      await sleep(50);
    }
  }

  list(): SteadyRecord[] {
    return [...this.records.values()];
  }

  summary(): {
    sent: number;
    acknowledged: number;
    answered: number;
    refused: Record<SteadyTransport, number>;
    failedAfterAck: number;
    lastErrors: string[];
  } {
    const all = this.list();
    const refused = all.filter((r) => r.ackedAt === undefined && r.error !== undefined);
    const count = (transport: SteadyTransport) => refused.filter((r) => r.transport === transport).length;
    return {
      sent: all.length,
      acknowledged: all.filter((r) => r.ackedAt !== undefined).length,
      answered: all.filter((r) => r.endedAt !== undefined && r.error === undefined).length,
      refused: { ws: count('ws'), 'http-sync': count('http-sync'), 'http-async': count('http-async') },
      failedAfterAck: all.filter((r) => r.ackedAt !== undefined && r.error !== undefined).length,
      lastErrors: [...new Set(all.flatMap((r) => (r.error ? [`${r.transport} ${r.error.slice(0, 200)}`] : [])))].slice(
        -6,
      ),
    };
  }

  private frame(frame: ServerFrame): void {
    if (frame.type === 'joined' && frame.requestId) return this.waiting.get(frame.requestId)?.();
    const id = frame.type === 'accepted' ? frame.id : (frame.messageId ?? frame.requestId);
    const record = id ? this.records.get(id) : undefined;
    if (!record) return;
    if (frame.type === 'accepted') {
      record.ackedAt ??= this.now();
    } else if (frame.type === 'done') {
      const failure = (frame as { error?: string }).error;
      this.end(
        record,
        failure
          ? { error: failure }
          : { mode: frame.mode, duplicate: frame.duplicate, replyIds: replyIdsOf(frame.replies) },
      );
    } else if (frame.type === 'error') {
      this.end(record, { error: errorText(frame.error) });
    }
  }

  private end(
    record: SteadyRecord,
    outcome: { error?: string; mode?: string; duplicate?: boolean; replyIds?: string[] },
  ): void {
    if (record.endedAt !== undefined) return;
    record.endedAt = this.now();
    Object.assign(record, outcome);
    this.waiting.get(record.id)?.();
  }

  private async run(room: Room): Promise<void> {
    for (let i = 0; this.sending; i++) {
      const transport: SteadyTransport = room.transport === 'ws' ? 'ws' : i % 2 === 0 ? 'http-sync' : 'http-async';
      const record: SteadyRecord = { id: randomUUID(), roomId: room.id, transport, sentAt: this.now(), replyIds: [] };
      this.records.set(record.id, record);
      const ended = new Promise<void>((done) => this.waiting.set(record.id, done));
      const text = `${LINES[i % LINES.length]} (${i + 1})`;
      if (transport === 'ws') {
        room.socket?.send({
          type: 'send',
          channelId: room.id,
          agentId: this.agentId,
          id: record.id,
          text,
          userName: room.userName,
          requestId: record.id,
        });
      } else {
        await this.post(room, record, text, transport === 'http-async');
      }
      const timer = setTimeout(
        () => this.end(record, { error: `no outcome within ${OUTCOME_TIMEOUT_MS} ms` }),
        OUTCOME_TIMEOUT_MS,
      );
      await ended;
      clearTimeout(timer);
      this.waiting.delete(record.id);
      if (record.error !== undefined) await sleep(BACK_OFF_MS);
    }
    room.socket?.close();
  }

  private async post(room: Room, record: SteadyRecord, text: string, async: boolean): Promise<void> {
    try {
      const response = await fetch(`${this.url}/api/agents/${this.agentId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          id: record.id,
          roomId: room.id,
          text,
          userName: room.userName,
          ...(async ? { async: true } : {}),
        }),
      });
      const body = (await response.json()) as {
        mode?: string;
        duplicate?: boolean;
        error?: string | { code?: string; message?: string };
        replies?: { id: string }[];
      };
      if (response.status === 202) {
        record.ackedAt ??= this.now();
        return;
      }
      if (response.status !== 200)
        return this.end(record, { error: `HTTP ${response.status} ${errorText(body.error)}` });
      record.ackedAt ??= this.now();
      if (typeof body.error === 'string') return this.end(record, { error: body.error });
      this.end(record, { mode: body.mode, duplicate: body.duplicate, replyIds: replyIdsOf(body.replies) });
    } catch (error) {
      this.end(record, { error: `request failed: ${(error as Error).message}` });
    }
  }
}
