import WebSocket from 'ws';

// Test-only: frames are asserted field by field.
export type Frame = Record<string, any>;

/** A real `ws` client that keeps every frame and lets a test wait for the next one that matches. */
export class TestSocket {
  readonly frames: Frame[] = [];
  private cursor = 0;
  private readonly waiters = new Set<() => void>();
  closed: { code: number; reason: string } | undefined;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      for (const wake of this.waiters) wake();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      for (const wake of this.waiters) wake();
    });
  }

  /** Connects to `${httpUrl}/ws` and waits for the `ready` frame. */
  static async open(
    httpUrl: string,
    options: { headers?: Record<string, string>; query?: string } = {},
  ): Promise<TestSocket> {
    const socket = new WebSocket(`${httpUrl.replace(/^http/, 'ws')}/ws${options.query ?? ''}`, {
      headers: options.headers,
    });
    const client = new TestSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    await client.next((frame) => frame.type === 'ready');
    return client;
  }

  send(frame: Frame | string): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next frame (after the last one returned) that matches; frames before it are skipped. */
  async next(match: (frame: Frame) => boolean, limitMs = 10_000): Promise<Frame> {
    const deadline = Date.now() + limitMs;
    for (;;) {
      while (this.cursor < this.frames.length) {
        const frame = this.frames[this.cursor++];
        if (match(frame)) return frame;
      }
      if (this.closed)
        throw new Error(`socket closed (${this.closed.code}) while waiting; frames: ${JSON.stringify(this.frames)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${limitMs} ms; frames: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  /** Every frame of a type received so far. */
  all(type: string): Frame[] {
    return this.frames.filter((frame) => frame.type === type);
  }

  async close(): Promise<void> {
    if (this.closed || this.socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
