/**
 * The latest response id per room (seed 002): a newer message makes the
 * reply being prepared for an older one stale. An entry lives only while
 * its room has a message in flight, so the map stays bounded.
 */
export class ResponseTracker {
  private readonly latest = new Map<string, { id: number; inFlight: number }>();
  private next = 0;

  /** Registers a new message of the room; its token is now the latest. */
  begin(roomId: string): number {
    const id = ++this.next;
    const entry = this.latest.get(roomId);
    this.latest.set(roomId, { id, inFlight: (entry?.inFlight ?? 0) + 1 });
    return id;
  }

  isStale(roomId: string, token: number): boolean {
    const entry = this.latest.get(roomId);
    return entry !== undefined && entry.id !== token;
  }

  finish(roomId: string): void {
    const entry = this.latest.get(roomId);
    if (!entry) return;
    if (entry.inFlight <= 1) this.latest.delete(roomId);
    else entry.inFlight--;
  }

  /** Rooms tracked now (for tests and metrics). */
  get size(): number {
    return this.latest.size;
  }
}
