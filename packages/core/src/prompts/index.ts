export * from './templates';
export { composePromptFromState, composePrompt } from './compose-prompt';
