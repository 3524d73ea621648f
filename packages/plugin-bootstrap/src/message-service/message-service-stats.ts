/**
 * The message service's in-process bookkeeping, for metrics and tests. The
 * per-room maps either empty when rooms go idle or are LRUs with a cap, so
 * none grows with the number of rooms the agent has ever seen.
 */
export interface MessageServiceStats {
  /** Message ids and platform ids taken in (exactly-once); an LRU of at most `seenMessagesMax`. */
  seenMessages: number;
  seenMessagesMax: number;
  /** Rooms with a message in flight (response tracking); 0 when idle. */
  trackedRooms: number;
  /** Rooms whose serial queue holds work; 0 when idle. */
  busyRooms: number;
  /** Runs not finished yet, evaluators included; 0 when idle. */
  runsInFlight: number;
  /** Rooms counting a chain of agent-to-agent messages; an LRU of at most `agentReplyChainsMax`. */
  agentReplyChains: number;
  agentReplyChainsMax: number;
  /** Authors known to be (or not be) agents; an LRU of at most `knownAuthorsMax`. */
  knownAuthors: number;
  knownAuthorsMax: number;
}
