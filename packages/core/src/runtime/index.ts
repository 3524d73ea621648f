export { AgentRuntime, type AgentRuntimeOptions, type RegisteredRoute } from './agent-runtime';
export { resolvePluginOrder } from './plugins/resolve-plugin-order';
export { resolveAction } from './actions/resolve-action';
export { validateActionParameters, parametersJsonSchema } from './actions/action-parameters';
export { isRetryableModelError } from './models/use-model';
export { CircuitBreaker } from './resilience/circuit-breaker';
export { DATABASE_METHODS } from './database/database-delegates';
export { embedTexts, type EmbedTextsOptions } from './models/embed-texts';
export { addKnowledge, searchKnowledge, KNOWLEDGE_TABLES } from './knowledge/add-knowledge';
