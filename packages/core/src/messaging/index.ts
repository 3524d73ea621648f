// The message bus: the one way clients' messages reach an agent's pipeline, with its durable inbox.
export { MessageBus, type AgentInbox } from './message-bus';
export { MessageBusService, type MessageBusServiceOptions } from './message-bus-service';
export { toBusMessage, type BusMessage, type BusEvent, type ClientMessage, type DeliveryResult } from './bus-message';
export { DEFAULT_SERVER_ID, defaultEntityId, defaultRoomId } from './default-ids';
export { agentMemoryId, agentWorldId, toAgentMemory } from './to-agent-memory';
export { DurableInbox } from './durable-inbox';
export { ArrivalClock } from './arrival-clock';
export { findStoredReplies, replyKeyOf } from './stored-replies';
export { memoryPolicy, type MemoryPolicy } from './memory-policy';
