import pg from 'pg';
import type { Listening, ListenHandlers } from './pg-driver';

export interface SharedListenerSettings {
  url: string;
  connectTimeoutMs: number;
  types: pg.CustomTypesConfig;
  /** Counts the fence's round trip with the driver's statements. */
  countRoundTrip(): void;
}

/** How long the listener waits before reconnecting, doubling up to the maximum. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 2_000;

/**
 * One listening connection for every channel a process LISTENs on
 * (kith_changes for the caches, kith_fleet for the fleet). PostgreSQL wakes
 * every listening backend of the database for each NOTIFY, whatever its
 * channels, so a connection per channel cost a backend wake-up (and a
 * context switch) per channel per server on every commit that notifies.
 * After a loss it reconnects, LISTENs on every channel again, and tells each
 * subscriber `lost` then `restored`.
 */
export class SharedListener {
  private readonly channels = new Map<string, Set<ListenHandlers>>();
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private delay = RECONNECT_MIN_MS;
  private closed = false;

  constructor(private readonly settings: SharedListenerSettings) {}

  /** LISTENs on `channel` (connecting first when not connected: a failure to connect throws, as a first LISTEN did). */
  async listen(channel: string, handlers: ListenHandlers): Promise<Listening> {
    if (this.closed) throw new Error('the listener is closed');
    const client = await this.connected();
    let subscribers = this.channels.get(channel);
    if (!subscribers) {
      subscribers = new Set();
      this.channels.set(channel, subscribers);
      try {
        await client.query(`LISTEN ${channel}`);
      } catch (error) {
        this.channels.delete(channel);
        throw error;
      }
    }
    subscribers.add(handlers);
    return {
      fence: async () => {
        const current = this.client;
        if (!current) throw new Error('not listening (the server is unreachable)');
        this.settings.countRoundTrip();
        await current.query('SELECT 1');
      },
      close: async () => {
        const set = this.channels.get(channel);
        if (!set?.delete(handlers) || set.size > 0) return;
        this.channels.delete(channel);
        if (this.channels.size === 0) return this.disconnect();
        await this.client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.disconnect();
  }

  /** Nobody listens any more: the connection goes (the next listen opens another). */
  private async disconnect(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const current = this.client;
    this.client = undefined;
    await current?.end().catch(() => undefined);
  }

  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    if (!this.connecting) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.connecting = this.connect().finally(() => {
        this.connecting = undefined;
      });
      // Subscribers waiting on a reconnect are told when this attempt succeeds, or retried after it fails.
      this.connecting.then(
        (client) => this.up(client),
        () => this.retry(),
      );
    }
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const next = new pg.Client({
      connectionString: this.settings.url,
      connectionTimeoutMillis: this.settings.connectTimeoutMs,
      types: this.settings.types,
      application_name: 'kith-listener',
    });
    next.on('notification', (message) => {
      const subscribers = this.channels.get(message.channel);
      if (!subscribers) return;
      const payload = message.payload ?? '';
      for (const handlers of subscribers) handlers.notify(payload);
    });
    next.on('error', () => undefined); // followed by 'end', handled there
    try {
      await next.connect();
      for (const channel of this.channels.keys()) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    next.on('end', () => {
      if (this.closed || this.client !== next) return;
      this.client = undefined;
      const error = new Error('the listening connection closed');
      for (const handlers of this.subscribers()) handlers.lost(error);
      this.schedule();
    });
    return next;
  }

  private up(client: pg.Client): void {
    if (this.closed) return void client.end().catch(() => undefined);
    const reconnected = this.lostOnce;
    this.client = client;
    this.delay = RECONNECT_MIN_MS;
    if (reconnected) for (const handlers of this.subscribers()) handlers.restored();
  }

  private retry(): void {
    if (this.lostOnce) {
      this.delay = Math.min(RECONNECT_MAX_MS, this.delay * 2);
      this.schedule();
    }
  }

  /** Whether the connection was ever lost (then a new one is a reconnect, and subscribers are waiting for it). */
  private get lostOnce(): boolean {
    return this.channels.size > 0;
  }

  private schedule(): void {
    if (this.closed || this.timer || this.connecting) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connected().catch(() => undefined);
    }, this.delay);
    this.timer.unref();
  }

  private *subscribers(): Iterable<ListenHandlers> {
    for (const set of this.channels.values()) yield* set;
  }
}
