// @kith/plugin-eliza-classic: the offline default model.
export { elizaClassicPlugin, elizaClassicPlugin as default } from './plugin';

export { ElizaEngine, type ElizaEngineOptions, type ElizaReply, type ReplySource } from './doctor/eliza-engine';
export { createElizaState, parseElizaState, type ElizaState } from './doctor/eliza-state';
export { DOCTOR_SCRIPT } from './doctor/doctor-script';
export { compileScript, type CompiledScript } from './doctor/compile-script';
export type { ScriptSource, KeywordSource, TransformationSource, MemoryRuleSource } from './doctor/script-source';
export type { ReplyStyle } from './doctor/render-reply';

export { elizaTextHandler, textSmallHandler, textLargeHandler } from './handlers/eliza-text-handler';
export { detectPromptKind, type PromptKind } from './handlers/detect-prompt-kind';
export { extractUserMessage, type UserMessage } from './handlers/extract-user-message';
export { escapeXml } from './handlers/escape-xml';

export { hashingEmbed, EMBEDDING_DIMS } from './embedding/hashing-embed';
export { textEmbeddingHandler, type TextEmbeddingInput } from './embedding/text-embedding-handler';
