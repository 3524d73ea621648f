export {
  reflectionEvaluator,
  parseFacts,
  parseRelationships,
  FACT_DUPLICATE_SIMILARITY,
  type ReflectionFact,
  type ReflectionRelationship,
} from './reflection';
export { reflectionInterval, DEFAULT_REFLECTION_INTERVAL } from './reflection-counter';
export { bootstrapEvaluators } from './bootstrap-evaluators';
