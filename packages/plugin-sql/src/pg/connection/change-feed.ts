import { randomUUID } from 'node:crypto';
import type { SqlLogger } from '../../shared/sql-logger';
import type { Listening, PgDriver } from './pg-driver';

/** The channel the schema's triggers notify (migration 0001). */
export const CHANGE_CHANNEL = 'kith_changes';

/** What a notification says changed. `null` lists mean "anything" (the list did not fit). */
export interface Change {
  table: string;
  rooms: string[] | null;
  seqs: number[] | null;
}

/** Something that holds copies of rows and must hear about changes. */
export interface ChangeSubscriber {
  changed(change: Change): void;
  /** Notifications may have been missed (the listener was down): forget everything. */
  reset(): void;
}

interface Payload {
  w?: string;
  t?: string;
  r?: string[] | null;
  s?: (number | string)[] | null;
}

/**
 * Change notifications from the database (LISTEN kith_changes), for the
 * caches of one connection. Writes that this process batches itself carry
 * its `writer` token and are skipped: the caches applied them already. While
 * the listening connection is down, `live` is false and caches must not
 * answer from memory; when it is back, they start empty.
 */
export class ChangeFeed {
  /** Marks this process's own batched writes (SET kith.writer). */
  readonly writer = randomUUID();
  private readonly subscribers: ChangeSubscriber[] = [];
  private listening: Listening | undefined;
  private up = false;
  /** Notifications handled (for tests and stats). */
  received = 0;
  /** How the trigger's json_build_object starts a payload of this process's own writes. */
  private readonly ownPrefix = `{"w" : "${this.writer}"`;

  constructor(
    private readonly driver: PgDriver,
    private readonly logger: SqlLogger,
  ) {}

  /** Whether changes are being heard: caches may answer from memory only then. */
  get live(): boolean {
    return this.up;
  }

  subscribe(subscriber: ChangeSubscriber): void {
    this.subscribers.push(subscriber);
  }

  unsubscribe(subscriber: ChangeSubscriber): void {
    const index = this.subscribers.indexOf(subscriber);
    if (index >= 0) this.subscribers.splice(index, 1);
  }

  async start(): Promise<void> {
    this.listening = await this.driver.listen(CHANGE_CHANNEL, {
      notify: (payload) => this.handle(payload),
      lost: (error) => {
        this.up = false;
        this.logger.warn(
          { err: error },
          'Lost the PostgreSQL change listener; caches are bypassed until it reconnects',
        );
        this.resetAll();
      },
      restored: () => {
        this.resetAll();
        this.up = true;
        this.logger.info({}, 'PostgreSQL change listener reconnected');
      },
    });
    this.up = true;
  }

  /**
   * Resolves once every change committed before the call has reached the
   * caches (one round trip on the listening connection). Fleet code calls it
   * when it takes over a room another server wrote.
   */
  async fence(): Promise<void> {
    await this.listening?.fence();
  }

  async stop(): Promise<void> {
    this.up = false;
    const listening = this.listening;
    this.listening = undefined;
    await listening?.close();
  }

  private handle(raw: string): void {
    this.received += 1;
    // The adapter's own batched writes (most notifications a lone server hears) are skipped unparsed.
    if (raw.startsWith(this.ownPrefix)) return;
    let payload: Payload;
    try {
      payload = JSON.parse(raw) as Payload;
    } catch {
      this.resetAll();
      return;
    }
    if (payload.w === this.writer) return;
    const change: Change = {
      table: payload.t ?? '',
      rooms: Array.isArray(payload.r) ? payload.r : null,
      seqs: Array.isArray(payload.s) ? payload.s.map(Number) : null,
    };
    for (const subscriber of this.subscribers) subscriber.changed(change);
  }

  private resetAll(): void {
    for (const subscriber of this.subscribers) subscriber.reset();
  }
}
