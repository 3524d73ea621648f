// The names published elizaOS 1.x plugins import from '@elizaos/core' and the runtime members they
// call (../shared/notes/elizaos-reference.md). A missing value export makes such a plugin fail at
// load; a missing runtime method fails it at run time.
import type {
  Action,
  ActionExample,
  ActionResult,
  Component,
  Content,
  Entity,
  HandlerCallback,
  IAgentRuntime,
  KnowledgeItem,
  Media,
  Memory,
  MessagePayload,
  Metadata,
  Plugin,
  Provider,
  ProviderResult,
  Room,
  Route,
  ServiceTypeName,
  State,
  UUID,
} from '../index';
import * as core from '../index';
import { AgentRuntime } from '../runtime/agent-runtime';

const VALUE_EXPORTS = [
  'logger',
  'elizaLogger',
  'ModelType',
  'createUniqueUuid',
  'composePromptFromState',
  'ChannelType',
  'addHeader',
  'parseJSONObjectFromText',
  'ServiceType',
  'AgentRuntime',
  'EventType',
  'Role',
  'asUUID',
  'stringToUuid',
  'getEntityDetails',
  'truncateToCompleteSentence',
  'shouldRespondTemplate',
  'parseKeyValueXml',
  'formatPosts',
  'formatMessages',
  'splitChunks',
  'Semaphore',
  'MemoryType',
  'messageHandlerTemplate',
  'postCreationTemplate',
  'imageDescriptionTemplate',
  'ContentType',
  'Service',
  'VECTOR_DIMS',
  'booleanFooter',
  'composeActionExamples',
  'composePrompt',
  'findEntityByName',
  'findWorldsForOwner',
  'formatActionNames',
  'formatActions',
  'formatEntities',
  'getGeneratedDir',
  'getLocalServerUrl',
  'getSalt',
  'getUserServerRole',
  'saltWorldSettings',
  'unsaltWorldSettings',
  // Surveyed from the plugins in docs/elizaos-compatibility.md: plugin-sql, plugin-discord, plugin-mcp.
  'DatabaseAdapter',
  'trimTokens',
  'getRequestContext',
];

const RUNTIME_METHODS = [
  'getService',
  'getSetting',
  'useModel',
  'createMemory',
  'getMemories',
  'composeState',
  'getCache',
  'setCache',
  'addEmbeddingToMemory',
  'getEntityById',
  'searchMemories',
  'ensureConnection',
  'ensureWorldExists',
  'ensureRoomExists',
  'emitEvent',
  'getRoom',
  'getWorld',
  'createComponent',
  'getComponent',
  'updateComponent',
  'createTask',
  'deleteTask',
  'getTasks',
  'registerTaskWorker',
  'processActions',
  'evaluate',
  'startRun',
  'getConversationLength',
  'countMemories',
  'createRelationship',
  'ensureConnections',
  'getAllServices',
  'getComponents',
  'getEntitiesForRoom',
  'getMemoriesByRoomIds',
  'getModel',
  'getParticipantUserState',
  'getParticipantsForRoom',
  'getRelationships',
  'getRooms',
  'getRoomsForParticipants',
  'getTaskWorker',
  'getTasksByName',
  'log',
  'queueEmbeddingGeneration',
  'registerEvent',
  'registerProvider',
  'setParticipantUserState',
  'updateEntity',
  'updateMemory',
  'updateRelationship',
  'updateTask',
  'updateWorld',
  // plugin-telegram and plugin-discord (compat/eliza-os-members.ts).
  'hasElizaOS',
  'addParticipant',
  'getTypedService',
  'getRegisteredServiceTypes',
  'createRoom',
];

const RUNTIME_PROPERTIES = [
  'elizaOS',
  'actions',
  'agentId',
  'character',
  'evaluators',
  'fetch',
  'logger',
  'providers',
  'services',
  'models',
];

// Type-only names are checked by the compiler: this list fails typecheck if one disappears.
export type ElizaTypeNames = [
  Action,
  ActionExample,
  ActionResult,
  Component,
  Content,
  Entity,
  HandlerCallback,
  IAgentRuntime,
  KnowledgeItem,
  Media,
  Memory,
  MessagePayload,
  Metadata,
  Plugin,
  Provider,
  ProviderResult,
  Room,
  Route,
  ServiceTypeName,
  State,
  UUID,
];

describe('elizaOS 1.x compatibility surface', () => {
  it.each(VALUE_EXPORTS)('exports %s', (name) => {
    expect((core as Record<string, unknown>)[name]).toBeDefined();
  });

  it.each(RUNTIME_METHODS)('AgentRuntime has %s()', (name) => {
    expect(typeof (AgentRuntime.prototype as unknown as Record<string, unknown>)[name]).toBe('function');
  });

  it('AgentRuntime instances carry the properties plugins read', () => {
    const runtime = new AgentRuntime({ character: { name: 'Compat', bio: 'x' } });
    for (const name of RUNTIME_PROPERTIES) expect(name in runtime).toBe(true);
    expect((runtime as unknown as { settings?: unknown }).settings).toBeDefined();
  });

  it('runtime.models and runtime.services are Maps as in elizaOS: handlers by type, best first, kept live', async () => {
    const runtime = new AgentRuntime({ character: { name: 'Compat', bio: 'x' } });
    const low = async () => 'low';
    const high = async () => 'high';
    runtime.registerModel('TEXT_LARGE', low, 'plugin-low', 0);
    runtime.registerModel('TEXT_LARGE', high, 'plugin-high', 10);
    expect(runtime.models).toBeInstanceOf(Map);
    expect(runtime.services).toBeInstanceOf(Map);
    expect(runtime.models.get('TEXT_LARGE')).toEqual([
      { handler: high, provider: 'plugin-high', priority: 10, registrationOrder: expect.any(Number) },
      { handler: low, provider: 'plugin-low', priority: 0, registrationOrder: expect.any(Number) },
    ]);
    expect([...runtime.models.keys()]).toEqual(['TEXT_LARGE']);
    runtime.registerModel('TEXT_EMBEDDING', async () => [0], 'plugin-low');
    expect(runtime.models.has('TEXT_EMBEDDING')).toBe(true);
  });
});
