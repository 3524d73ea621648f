import type { IDatabaseAdapter } from '../types/database';
import type { InboundMessage, InboxAcceptance, InboxEntry } from '../types/inbox';
import type { Memory } from '../types/memory';
import type { UUID } from '../types/primitives';
import type { IAgentRuntime } from '../types/runtime';
import { adapterCall } from './adapter-call';

/** Entries replayed at most on one start. */
const RECOVER_MAX = 10_000;

type InboxAdapter = IDatabaseAdapter &
  Required<Pick<IDatabaseAdapter, 'acceptInbound' | 'markInboundAnswered' | 'getPendingInbound'>>;

function hasInbox(adapter: IDatabaseAdapter): adapter is InboxAdapter {
  return (
    typeof adapter.acceptInbound === 'function' &&
    typeof adapter.markInboundAnswered === 'function' &&
    typeof adapter.getPendingInbound === 'function'
  );
}

/**
 * An agent's durable inbox, through its database adapter (the InboxStore
 * members). A message is accepted (and, when the memory policy allows, its
 * memory stored) in one transaction before its client is told so, and
 * marked answered once the pipeline is done with it; entries an earlier
 * process accepted and never answered (it was killed) are replayed at start.
 * An adapter without the inbox members (a foreign one) keeps nothing: the
 * bus then acknowledges at once, and this says so once in the log.
 */
export class DurableInbox {
  private warned = false;

  constructor(private readonly runtime: IAgentRuntime) {}

  private adapter(): InboxAdapter | null {
    const adapter = this.runtime.adapter;
    if (hasInbox(adapter)) return adapter;
    if (!this.warned) {
      this.warned = true;
      this.runtime.logger.warn(
        { agentId: this.runtime.agentId },
        'The database adapter has no inbox (acceptInbound, markInboundAnswered, getPendingInbound): messages are acknowledged before they are durable, and a crash loses those not yet answered. Use @kith/plugin-sql for durability.',
      );
    }
    return null;
  }

  /** Null without an inbox; otherwise resolves once the entry (and `memory`, when given) is committed. */
  async accept(message: InboundMessage, memory?: Memory): Promise<InboxAcceptance | null> {
    const adapter = this.adapter();
    if (!adapter) return null;
    return adapterCall(this.runtime, 'acceptInbound', () => adapter.acceptInbound(message, memory));
  }

  /**
   * Starts the write at once (so a group-committing adapter commits it with
   * writes started in the same tick, such as the reply) and never rejects:
   * an entry left accepted is only replayed at the next start, where its
   * stored reply stops a second answer.
   */
  markAnswered(messageId: UUID): Promise<void> {
    const adapter = this.adapter();
    if (!adapter) return Promise.resolve();
    return adapterCall(this.runtime, 'markInboundAnswered', () => adapter.markInboundAnswered(messageId)).then(
      () => undefined,
      (error: unknown) =>
        this.runtime.logger.warn(
          { err: error, messageId },
          'Could not mark an inbox entry answered; it will be checked again at the next start',
        ),
    );
  }

  /** Entries accepted by an earlier process and never answered, oldest first. */
  async pending(): Promise<InboxEntry[]> {
    const adapter = this.adapter();
    if (!adapter) return [];
    return adapterCall(this.runtime, 'getPendingInbound', () => adapter.getPendingInbound({ limit: RECOVER_MAX }));
  }
}
