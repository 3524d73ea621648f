// Prompt text from runtime data (messages, entities, actions, evaluators), with elizaOS-compatible names.
export { addHeader } from './add-header';
export { booleanFooter } from './boolean-footer';
export { formatTimestamp } from './format-timestamp';
export { formatMessages } from './format-messages';
export { formatPosts } from './format-posts';
export { formatEntities } from './format-entities';
export { composeActionExamples } from './compose-action-examples';
export { formatActionNames } from './format-action-names';
export { formatActions } from './format-actions';
export { formatEvaluatorNames, formatEvaluators } from './format-evaluators';
export { formatEvaluatorExamples } from './format-evaluator-examples';
