import type { InboundMessage, InboxEntry, PendingInboundParams } from '../types/inbox';
import type { UUID } from '../types/primitives';
import { copyValue } from './copy-value';

/** The inbox "table" of the in-memory adapter: entries by message id, seq counting up. */
export class InMemoryInbox {
  private readonly entries = new Map<UUID, InboxEntry>();
  private seq = 0;

  get(messageId: UUID): InboxEntry | null {
    const entry = this.entries.get(messageId);
    return entry ? copyValue(entry) : null;
  }

  add(message: InboundMessage): InboxEntry {
    const entry: InboxEntry = {
      messageId: message.messageId,
      roomId: message.roomId,
      seq: ++this.seq,
      body: copyValue(message.body),
      state: 'accepted',
      acceptedAt: message.acceptedAt ?? Date.now(),
      answeredAt: null,
    };
    this.entries.set(message.messageId, entry);
    return copyValue(entry);
  }

  markAnswered(messageId: UUID): boolean {
    const entry = this.entries.get(messageId);
    if (!entry || entry.state !== 'accepted') return false;
    entry.state = 'answered';
    entry.answeredAt = Date.now();
    entry.body = null;
    return true;
  }

  pending(params: PendingInboundParams = {}): InboxEntry[] {
    const pending = [...this.entries.values()]
      .filter((entry) => entry.state === 'accepted' && (!params.roomId || entry.roomId === params.roomId))
      .sort((a, b) => a.seq - b.seq);
    return pending.slice(0, params.limit ?? pending.length).map((entry) => copyValue(entry));
  }
}
