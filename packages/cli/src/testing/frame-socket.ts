import WebSocket from 'ws';

/** A server frame as these tests read it. */
export interface Frame {
  type: string;
  id?: string;
  messageId?: string;
  duplicate?: boolean;
  mode?: string;
  replies?: { id: string }[];
}

/** A `ws` client that keeps every frame, so a test can wait for the ones it expects. */
export class FrameSocket {
  readonly frames: Frame[] = [];
  private wake: (() => void) | undefined;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      this.wake?.();
    });
  }

  static async open(httpUrl: string): Promise<FrameSocket> {
    const client = new FrameSocket(new WebSocket(`${httpUrl.replace(/^http/, 'ws')}/ws`));
    await client.waitFor((frames) => frames.some((f) => f.type === 'ready'));
    return client;
  }

  send(frame: Record<string, unknown>): void {
    this.socket.send(JSON.stringify(frame));
  }

  /** Frames of a type about a message. */
  about(type: string, messageId: string): Frame[] {
    return this.frames.filter((f) => f.type === type && (f.messageId ?? f.id) === messageId);
  }

  /** Resolves once `ready(frames)` holds (the test's own timeout bounds the wait). */
  async waitFor(ready: (frames: Frame[]) => boolean): Promise<void> {
    while (!ready(this.frames)) await new Promise<void>((resolve) => (this.wake = resolve));
  }

  close(): void {
    this.socket.close();
  }
}
