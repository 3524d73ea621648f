import WebSocket from 'ws';

/** A server frame as the load client reads it (only the fields it uses). */
export interface ServerFrame {
  type: string;
  id?: string;
  requestId?: string;
  messageId?: string;
  channelId?: string;
  mode?: string;
  duplicate?: boolean;
  replies?: { id: string }[];
  error?: { code: string; message: string } | string;
}

/** A `ws` connection to the server's /ws that hands every parsed frame to `onFrame`. */
export class LoadSocket {
  private constructor(private readonly socket: WebSocket) {}

  /** Connects and resolves after the server's `ready` frame; `onClose` runs once when the connection ends. */
  static open(
    httpUrl: string,
    onFrame: (frame: ServerFrame) => void,
    onClose: (reason: string) => void,
  ): Promise<LoadSocket> {
    const socket = new WebSocket(`${httpUrl.replace(/^http/, 'ws')}/ws`);
    const client = new LoadSocket(socket);
    return new Promise((resolve, reject) => {
      let ready = false;
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as ServerFrame;
        if (!ready && frame.type === 'ready') {
          ready = true;
          resolve(client);
          return;
        }
        onFrame(frame);
      });
      socket.on('error', (error) => {
        if (!ready) reject(error);
      });
      socket.on('close', (code) => {
        if (!ready) reject(new Error(`WebSocket closed (${code}) before it was ready`));
        else onClose(`WebSocket closed (${code})`);
      });
    });
  }

  send(frame: Record<string, unknown>): void {
    this.socket.send(JSON.stringify(frame));
  }

  close(): void {
    this.socket.close();
  }
}

/** The reply ids a `done` frame or 200 body lists. */
export function replyIdsOf(replies: { id: string }[] | undefined): string[] {
  return (replies ?? []).map((reply) => reply.id);
}
