import type { MessageProcessingMode } from '../types/messaging';
import { LruMap } from '../maps/lru-map';
import type { DeliveryResult } from './bus-message';

/** Outcomes kept per agent so a repeated message id gets the original one back without a database read. */
const OUTCOMES_KEPT = 20_000;

/** A message being taken here: its acceptance, its whole delivery and, while one runs here, its turn. */
export interface InFlight {
  /** Resolves once the message is durable (rejects only through `result`). */
  readonly accepted: Promise<void>;
  readonly result: Promise<DeliveryResult>;
  /** The turn running here for it; null when its lease was lost before its decision committed. */
  turn?: Promise<DeliveryResult | null>;
}

/**
 * How a message ended, kept small (no replies: a repeat reads them back by
 * one indexed query): what a turn here said, or what another server's
 * notice said (`told` false: nobody here has heard it yet).
 */
export interface KnownOutcome {
  mode?: MessageProcessingMode;
  error?: string;
  /** The message's memory id is its message id (a plugin's message); otherwise it is the bus's agentMemoryId. */
  memoryIsMessage?: true;
  /** Its result was told to a sender here (a repeat is answered from this, the replies read back). */
  told?: boolean;
}

/** The small record kept of a result told here. */
export function knownOf(result: DeliveryResult): KnownOutcome {
  const known: KnownOutcome = { mode: result.mode, told: true };
  if (result.error) known.error = result.error;
  if (result.memoryId === result.messageId) known.memoryIsMessage = true;
  return known;
}

/**
 * The message ledger's one memory of message ids: those in flight here and
 * how recent ones ended. The durable rule (an inbox entry per id) lives in
 * the database; this saves a round trip for repeats and lets a repeat that
 * arrives mid-turn wait for the first instead of starting a second.
 */
export class LedgerOutcomes {
  private readonly inFlight = new Map<string, InFlight>();
  private readonly known = new LruMap<string, KnownOutcome>(OUTCOMES_KEPT);

  flying(messageId: string): InFlight | undefined {
    return this.inFlight.get(messageId);
  }

  ended(messageId: string): KnownOutcome | undefined {
    return this.known.get(messageId);
  }

  /** Tracks a message until its result settles; the result is then remembered. */
  track(messageId: string, accepted: Promise<void>, result: Promise<DeliveryResult>): InFlight {
    const entry: InFlight = { accepted, result };
    this.inFlight.set(messageId, entry);
    result.then(
      (outcome) => this.remember(messageId, knownOf(outcome)),
      () => undefined,
    );
    void result
      .finally(() => {
        if (this.inFlight.get(messageId) === entry) this.inFlight.delete(messageId);
      })
      .catch(() => undefined);
    return entry;
  }

  /** Keeps what is known of an outcome; one told here is never replaced by a notice's summary. */
  remember(messageId: string, outcome: KnownOutcome): void {
    if (!outcome.told && this.known.peek(messageId)?.told) return;
    this.known.set(messageId, outcome);
  }

  /** Outcomes remembered now, and at most. */
  get endedCount(): number {
    return this.known.size;
  }

  get endedMax(): number {
    return this.known.maxSize;
  }

  /** Messages in flight now (for metrics and shutdown). */
  get flyingCount(): number {
    return this.inFlight.size;
  }

  /** Every delivery in flight, settled or not (shutdown waits for them). */
  results(): Promise<DeliveryResult>[] {
    return [...this.inFlight.values()].map((entry) => entry.result);
  }
}
