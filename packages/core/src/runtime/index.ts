export { AgentRuntime } from './agent-runtime';
export type { AgentRuntimeOptions, RegisteredRoute } from './agent-runtime-options';
export {
  emptyRegistration,
  PluginRecords,
  type PluginRegistration,
  type RegistrationKind,
} from './plugins/plugin-records';
export { resolvePluginOrder } from './plugins/resolve-plugin-order';
export { resolveAction } from './actions/resolve-action';
export { validateActionParameters, parametersJsonSchema } from './actions/action-parameters';
export { isRetryableModelError, operationOf as genAiOperationName } from './models/use-model';
export { GEN_AI_SEMCONV_VERSION } from './tracing/gen-ai-attributes';
export { reportModelUsage } from './models/model-usage';
export { describeModelFailure, modelFailureOf, type ModelFailure } from './models/model-failure';
export { CircuitBreaker } from './resilience/circuit-breaker';
export { DATABASE_METHODS } from './database/database-methods';
export { embedTexts, type EmbedTextsOptions } from './models/embed-texts';
export { addKnowledge, searchKnowledge, KNOWLEDGE_TABLES } from './knowledge/add-knowledge';
export {
  RUN_LOG_TYPE,
  MODEL_LOG_PREFIX,
  readRunLogBody,
  type RunLogBody,
  type RunLogModelUsage,
} from './runs/run-log-record';

// The run-log zod schemas load when first read, not with core (see readRunLogBody).
type RunLogSchemas = typeof import('./runs/run-log-schemas');
export declare const runLogBodySchema: RunLogSchemas['runLogBodySchema'];
export declare const runLogModelUsageSchema: RunLogSchemas['runLogModelUsageSchema'];
const runLogSchemas = (): RunLogSchemas => require('./runs/run-log-schemas') as RunLogSchemas;
Object.defineProperties(exports, {
  runLogBodySchema: { enumerable: true, get: () => runLogSchemas().runLogBodySchema },
  runLogModelUsageSchema: { enumerable: true, get: () => runLogSchemas().runLogModelUsageSchema },
});
export { ModelPrices, DEFAULT_MODEL_PRICES, DEFAULT_MODEL_PRICES_DATE, type ModelPrice } from './usage/model-prices';
export { DailyCostBudget, BUDGET_FALLBACK_PROVIDER, DEFAULT_BUDGET_MESSAGE } from './usage/daily-cost-budget';
export { BUDGET_LOG_TYPE } from './usage/model-costs';
export { summarizeUsage, usageModelKey, utcDay, emptyUsageTotals, addUsageTotals } from './usage/usage-report';
export type { ModelUsageReport } from './models/model-usage';
