// elizaOS 1.x names that exist only so published elizaOS plugins run unmodified.
export { ElizaOSFacade } from './eliza-os-facade';
export { DatabaseAdapter } from './database-adapter';
export { trimTokens } from './trim-tokens';
export { getRequestContext, runWithRequestContext, type RequestContext } from './request-context';
export { DefaultMessageService, isDefaultMessageServiceAlias } from './elizaos-1.7/default-message-service';
export { ElizaOS, type ElizaOSAgentConfig } from './elizaos-1.7/eliza-os';
export * from './elizaos-1.7/streams-services-plugins';
export * from './elizaos-1.7/buffers-env-misc';
export type * from './elizaos-1.7/types';
