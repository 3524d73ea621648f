import { randomUUID } from 'node:crypto';
import { latencySummary } from './latency-summary';
import { LoadSocket, replyIdsOf, type ServerFrame } from './load-socket';
import type { LoadReport, LoadTransport, MessageRecord } from './load-report';
import { LoadTracker } from './load-tracker';

export interface LoadOptions {
  /** The server, e.g. http://127.0.0.1:3000. */
  url: string;
  /**
   * A fleet: every server's URL (`url` first). WebSocket rooms each talk to
   * one server, REST rooms send each message to the next server in turn and
   * are watched from yet another.
   */
  urls?: string[];
  /** A REST message whose server cannot be reached is sent again, same id, to the next server (what a load balancer does). */
  retryElsewhere?: boolean;
  /** Every room talks to one server only (a load balancer with sticky sessions), REST rooms watched from that server too. */
  sticky?: boolean;
  /** Default: the first agent of GET /api/agents. */
  agentId?: string;
  rooms: number;
  messagesPerRoom: number;
  /** Gives up on outcomes still missing after this long (they count as failed). */
  timeoutMs: number;
  /** With killAfterAcks: SIGKILL this process once that many messages were acknowledged. */
  killPid?: number;
  killAfterAcks?: number;
  /** List every message in the report. */
  details: boolean;
}

/** Things people say to a Rogerian therapist: each keeps the DOCTOR script on a real rule. */
const LINES = [
  'I feel sad about my work',
  'My mother never listens to me',
  'I am afraid of the dark',
  'Perhaps I dream too much',
  'I need a long holiday',
  'Everybody ignores me at parties',
  'I remember my first bicycle',
  'Can you help me sleep better',
];

interface PlannedRoom {
  roomId: string;
  userName: string;
  /** Its index among the rooms (which servers it talks to). */
  index: number;
  /** ws rooms send every message over one WebSocket; http rooms alternate sync and async POSTs. */
  kind: 'ws' | 'http';
  messages: MessageRecord[];
}

async function firstAgentId(url: string): Promise<string> {
  const response = await fetch(`${url}/api/agents`);
  const { agents } = (await response.json()) as { agents: { id: string }[] };
  if (!agents[0]) throw new Error(`${url} serves no agent`);
  return agents[0].id;
}

/** The frames every socket of the run hands to the tracker. */
function frameHandler(tracker: LoadTracker, joined: (requestId: string) => void): (frame: ServerFrame) => void {
  return (frame) => {
    switch (frame.type) {
      case 'accepted':
        if (frame.id) tracker.acked(frame.id);
        return;
      case 'reply':
        if (frame.messageId) tracker.reply(frame.messageId);
        return;
      case 'done':
        if (frame.messageId)
          tracker.done(
            frame.messageId,
            { mode: frame.mode ?? '', duplicate: frame.duplicate ?? false, replyIds: replyIdsOf(frame.replies) },
            true,
          );
        return;
      case 'joined':
        if (frame.requestId) joined(frame.requestId);
        return;
      case 'error': {
        const id = frame.messageId ?? frame.requestId;
        const error = typeof frame.error === 'string' ? frame.error : `${frame.error?.code}: ${frame.error?.message}`;
        if (id) tracker.failed(id, error);
        return;
      }
    }
  };
}

/** Sends the room's messages back to back over its own WebSocket, without waiting for anything in between. */
async function runWsRoom(
  url: string,
  agentId: string,
  room: PlannedRoom,
  tracker: LoadTracker,
  handle: (frame: ServerFrame) => void,
  sockets: LoadSocket[],
): Promise<void> {
  let socket: LoadSocket;
  try {
    socket = await LoadSocket.open(url, handle, (reason) => tracker.failRoom(room.roomId, reason));
  } catch (error) {
    tracker.failRoom(room.roomId, `not sent: ${(error as Error).message}`);
    return;
  }
  sockets.push(socket);
  for (const message of room.messages) {
    tracker.sent(message.id);
    socket.send({
      type: 'send',
      channelId: room.roomId,
      agentId,
      id: message.id,
      text: textOf(message),
      userName: room.userName,
      requestId: message.id,
    });
  }
}

/** POSTs the room's messages one after another: each is sent once the previous one was answered (sync) or accepted (202). */
async function runHttpRoom(
  urls: string[],
  agentId: string,
  room: PlannedRoom,
  tracker: LoadTracker,
  retryElsewhere: boolean,
): Promise<void> {
  for (const message of room.messages) {
    tracker.sent(message.id);
    try {
      const response = await postElsewhere(
        urls,
        urls.length === 1 ? 0 : room.index + message.index,
        retryElsewhere,
        (url) =>
          fetch(`${url}/api/agents/${agentId}/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              id: message.id,
              roomId: room.roomId,
              text: textOf(message),
              userName: room.userName,
              ...(message.transport === 'http-async' ? { async: true } : {}),
            }),
          }),
      );
      const body = (await response.json()) as { mode?: string; duplicate?: boolean; replies?: { id: string }[] };
      if (response.status !== 200 && response.status !== 202)
        throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`);
      tracker.acked(message.id);
      if (response.status === 200)
        tracker.done(
          message.id,
          { mode: body.mode ?? '', duplicate: body.duplicate ?? false, replyIds: replyIdsOf(body.replies) },
          false,
        );
    } catch (error) {
      const reason =
        error instanceof Error
          ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`
          : String(error);
      tracker.failed(message.id, reason);
      tracker.failRoom(room.roomId, `not sent: an earlier message of the room failed (${reason})`);
      return;
    }
  }
}

/** The POST to server `turn` (mod their number); with retryElsewhere, a server that cannot be reached passes it to the next. */
async function postElsewhere(
  urls: string[],
  turn: number,
  retryElsewhere: boolean,
  post: (url: string) => Promise<Response>,
): Promise<Response> {
  const tries = retryElsewhere ? urls.length * 2 : 1;
  let failure: unknown;
  for (let attempt = 0; attempt < tries; attempt++) {
    try {
      const response = await post(urls[(turn + attempt) % urls.length]);
      // A server stopping refuses new messages (409 agent stopped, 503): the next one takes it.
      if ((response.status === 409 || response.status === 503) && attempt < tries - 1) {
        failure = new Error(`HTTP ${response.status}`);
        await response.body?.cancel();
        continue;
      }
      return response;
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

function textOf(message: MessageRecord): string {
  return `${LINES[(message.index + message.roomId.charCodeAt(0)) % LINES.length]} (${message.index + 1})`;
}

function plan(rooms: number, perRoom: number, tracker: LoadTracker): PlannedRoom[] {
  return Array.from({ length: rooms }, (_, r) => {
    const roomId = randomUUID();
    // Even rooms over WebSocket, odd ones over HTTP, so both kinds run side by side from the start.
    const kind = r % 2 === 0 ? 'ws' : 'http';
    const messages = Array.from({ length: perRoom }, (_, i) => {
      const transport: LoadTransport = kind === 'ws' ? 'ws' : i % 2 === 0 ? 'http-sync' : 'http-async';
      return tracker.plan(randomUUID(), roomId, i, transport);
    });
    return { roomId, userName: `load-user-${r}`, index: r, kind, messages };
  });
}

function outOfOrder(rooms: PlannedRoom[], tracker: LoadTracker): string[] {
  return rooms
    .filter((room) => {
      const arrived = tracker.outcomeOrder.get(room.roomId) ?? [];
      const seen = new Set(arrived);
      const expected = room.messages.map((m) => m.id).filter((id) => seen.has(id));
      return arrived.length !== expected.length || arrived.some((id, i) => id !== expected[i]);
    })
    .map((room) => room.roomId);
}

/**
 * Drives `rooms` concurrent conversations of `messagesPerRoom` messages
 * each against a running Kith server: half the rooms over WebSocket (each
 * room's messages sent back to back without waiting), half over REST
 * (alternating sync POSTs and async POSTs answered 202, whose outcomes come
 * over a watching WebSocket). Every outcome is checked against the room's
 * send order.
 */
export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const url = options.url.replace(/\/+$/, '');
  const urls = (options.urls?.length ? options.urls : [url]).map((u) => u.replace(/\/+$/, ''));
  const agentId = options.agentId ?? (await firstAgentId(url));
  let killed: LoadReport['killed'];
  const tracker = new LoadTracker((acknowledged) => {
    if (options.killPid === undefined || acknowledged !== options.killAfterAcks) return;
    process.kill(options.killPid, 'SIGKILL');
    killed = { pid: options.killPid, afterAcks: acknowledged, atMs: Math.round(tracker.now()) };
  });
  const rooms = plan(options.rooms, options.messagesPerRoom, tracker);
  const httpRooms = rooms.filter((room) => room.kind === 'http');

  // A watcher per server subscribes to REST rooms (each room on the server after the one its first POST goes to):
  // async outcomes arrive there, and it gives their order.
  const joins = new Map<string, () => void>();
  const handle = frameHandler(tracker, (requestId) => joins.get(requestId)?.());
  const watchedFrom = (room: PlannedRoom) => (room.index + (options.sticky ? 0 : 1)) % urls.length;
  const watchers = await Promise.all(
    urls.map((serverUrl, server) =>
      LoadSocket.open(serverUrl, handle, (reason) =>
        httpRooms
          .filter((room) => watchedFrom(room) === server)
          .forEach((room) => tracker.failRoom(room.roomId, reason)),
      ),
    ),
  );
  await Promise.all(
    httpRooms.map(
      (room) =>
        new Promise<void>((resolve) => {
          joins.set(`join:${room.roomId}`, resolve);
          watchers[watchedFrom(room)].send({
            type: 'join',
            channelId: room.roomId,
            agentId,
            requestId: `join:${room.roomId}`,
          });
        }),
    ),
  );

  const sockets: LoadSocket[] = [...watchers];
  const started = tracker.now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, options.timeoutMs)));
  await Promise.all(
    rooms.map((room) =>
      room.kind === 'ws'
        ? runWsRoom(urls[room.index % urls.length], agentId, room, tracker, handle, sockets)
        : runHttpRoom(
            options.sticky ? [urls[room.index % urls.length]] : urls,
            agentId,
            room,
            tracker,
            options.retryElsewhere ?? false,
          ),
    ),
  );
  await Promise.race([tracker.settled, timedOut]);
  clearTimeout(timer);
  tracker.failAll(`no outcome within ${options.timeoutMs} ms`);
  const totalMs = tracker.now() - started;
  for (const socket of sockets) socket.close();

  const records = [...tracker.records.values()];
  const answered = records.filter((r) => r.doneAt !== undefined && r.error === undefined);
  const modes: Record<string, number> = {};
  for (const r of answered) modes[r.mode ?? ''] = (modes[r.mode ?? ''] ?? 0) + 1;
  const replyDecisions = { exactlyOne: 0, none: 0, several: 0 };
  for (const r of answered) {
    if (r.replyFrames > 1 || r.replyIds.length > 1) replyDecisions.several += 1;
    else if (r.replyFrames === 0 || r.replyIds.length === 0) replyDecisions.none += 1;
    else replyDecisions.exactlyOne += 1;
  }
  const count = (transport: LoadTransport) => records.filter((r) => r.transport === transport).length;
  return {
    url,
    agentId,
    rooms: options.rooms,
    messagesPerRoom: options.messagesPerRoom,
    transports: { ws: count('ws'), 'http-sync': count('http-sync'), 'http-async': count('http-async') },
    sent: records.filter((r) => r.sentAt !== undefined).length,
    acknowledged: tracker.acknowledged,
    answered: answered.length,
    failed: records.length - answered.length,
    totalMs: Math.round(totalMs),
    messagesPerSecond: Math.round((answered.length / (totalMs / 1000)) * 10) / 10,
    replyLatencyMs: latencySummary(answered.map((r) => (r.doneAt as number) - (r.sentAt as number))),
    ackLatencyMs: latencySummary(
      records.filter((r) => r.ackedAt !== undefined).map((r) => (r.ackedAt as number) - (r.sentAt as number)),
    ),
    modes,
    replyDecisions,
    outOfOrderRooms: outOfOrder(rooms, tracker),
    ...(killed ? { killed } : {}),
    ...(options.details ? { messages: records } : {}),
  };
}
