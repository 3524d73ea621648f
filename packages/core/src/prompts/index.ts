export * from './templates';
export { composePromptFromState, composePrompt } from './compose-prompt';
export { pickRandom, randomForKey, rotationBlock, seededRandom } from './prompt-rotation';
export { multiStepDecisionTemplate, multiStepSummaryTemplate } from './multi-step-templates';
