/** Tables of rows an agent owns, deleted with it in this order (memories first: they are the most). */
export const AGENT_OWNED_TABLES = [
  'memories',
  'participants',
  'rooms',
  'worlds',
  'components',
  'relationships',
  'entities',
  'cache',
  'logs',
  'model_usage',
  'tasks',
] as const;
