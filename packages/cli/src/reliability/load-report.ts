/** How a message travels: a WebSocket `send` frame, a REST POST answered with the replies, or a REST POST answered 202. */
export type LoadTransport = 'ws' | 'http-sync' | 'http-async';

/** What the load client saw of one message. */
export interface MessageRecord {
  id: string;
  roomId: string;
  /** Its place in the room's sequence (0-based). */
  index: number;
  transport: LoadTransport;
  /** ms since the run started; absent when it was never sent. */
  sentAt?: number;
  /** When the server acknowledged it: HTTP 200/202, or the WebSocket `accepted` frame. */
  ackedAt?: number;
  /** When its outcome arrived: the `done` frame (or the 200 body of a sync POST). */
  doneAt?: number;
  mode?: string;
  duplicate?: boolean;
  /** `reply` frames seen for it (a reply or a recorded IGNORE each). */
  replyFrames: number;
  /** Ids of the stored replies the outcome listed. */
  replyIds: string[];
  error?: string;
}

export interface LatencySummary {
  p50: number;
  p95: number;
  max: number;
}

/** The JSON the load client prints. */
export interface LoadReport {
  url: string;
  agentId: string;
  rooms: number;
  messagesPerRoom: number;
  transports: Record<LoadTransport, number>;
  sent: number;
  acknowledged: number;
  answered: number;
  failed: number;
  totalMs: number;
  messagesPerSecond: number;
  /** Send to outcome. */
  replyLatencyMs: LatencySummary;
  /** Send to acknowledgement. */
  ackLatencyMs: LatencySummary;
  /** Outcomes by mode (simple, ignored, discarded, duplicate, error...). */
  modes: Record<string, number>;
  /** Answered messages with exactly one `reply` frame and one stored reply, and those without. */
  replyDecisions: { exactlyOne: number; none: number; several: number };
  /** Rooms whose outcomes arrived in another order than their messages were sent. */
  outOfOrderRooms: string[];
  /** Set when the client killed a process mid-run (--kill-pid). */
  killed?: { pid: number; afterAcks: number; atMs: number };
  /** Every message (with --details). */
  messages?: MessageRecord[];
}
