/**
 * The pipeline's in-process bookkeeping, for metrics and tests. Its maps
 * either empty when rooms go idle or are LRUs with a cap, so none grows with
 * the number of rooms the agent has ever seen (message ids and room order
 * are the message ledger's: see @kith/core's LedgerOutcomes and RoomLine).
 */
export interface MessageServiceStats {
  /** Runs not finished yet, evaluators included; 0 when idle. */
  runsInFlight: number;
  /** Rooms counting a chain of agent-to-agent messages; an LRU of at most `agentReplyChainsMax`. */
  agentReplyChains: number;
  agentReplyChainsMax: number;
  /** Authors known to be (or not be) agents; an LRU of at most `knownAuthorsMax`. */
  knownAuthors: number;
  knownAuthorsMax: number;
}
