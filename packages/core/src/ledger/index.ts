// The message ledger: the one way inbound messages reach an agent's pipeline (accept, order, claim, answer, tell).
export { MessageLedger, type PipelineHost } from './message-ledger';
export { LedgerMessageService, ledgerFront, pipelineBehind } from './ledger-message-service';
export { RoomLine, type LinePlace } from './room-line';
export { LedgerCounts, type LedgerEnding } from './ledger-counts';
export { LedgerOutcomes, type InFlight, type KnownOutcome } from './ledger-outcomes';
export {
  busIntake,
  busTeller,
  callbackTeller,
  memoryIntake,
  silentTeller,
  type LedgerIntake,
  type Teller,
  type TurnEvent,
} from './ledger-intake';
export { MessageBus, type AgentInbox } from './message-bus';
export { MessageBusService, type MessageBusServiceOptions } from './message-bus-service';
export { toBusMessage, type BusMessage, type BusEvent, type ClientMessage, type DeliveryResult } from './bus-message';
export { DEFAULT_SERVER_ID, defaultEntityId, defaultRoomId } from './default-ids';
export { agentMemoryId, agentWorldId, toAgentMemory } from './to-agent-memory';
export { DurableInbox } from './durable-inbox';
export { findStoredReplies, replyKeyOf } from './stored-replies';
export { memoryPolicy, type MemoryPolicy } from './memory-policy';
