// elizaOS 1.x names that exist only so published elizaOS plugins run unmodified.
export { ElizaOSFacade } from './eliza-os-facade';
export { DatabaseAdapter } from './database-adapter';
export { trimTokens } from './trim-tokens';
export { getRequestContext, runWithRequestContext, type RequestContext } from './request-context';
