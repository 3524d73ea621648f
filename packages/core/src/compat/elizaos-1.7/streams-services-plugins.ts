// elizaOS 1.7's streaming, service-building and plugin-loading exports.
export { ActionStreamFilter } from './streaming/action-stream-filter';
export { PassthroughExtractor } from './streaming/passthrough-extractor';
export { ResponseStreamExtractor } from './streaming/response-stream-extractor';
export { XmlTagExtractor } from './streaming/xml-tag-extractor';
export { StreamError, type StreamErrorCode } from './streaming/stream-error';
export { createStreamingContext } from './streaming/create-streaming-context';
export { createStreamingRetryState } from './streaming/create-streaming-retry-state';
export {
  getStreamingContext,
  getStreamingContextManager,
  runWithStreamingContext,
  setStreamingContextManager,
} from './streaming/streaming-context-manager';
export { isStreamableModelType } from './streaming/is-streamable-model-type';
export type {
  IStreamExtractor,
  IStreamingContextManager,
  IStreamingRetryState,
  StreamingContext,
} from './streaming/stream-extractor';

export { ServiceBuilder, createService, type BuiltServiceClass } from './services/service-builder';
export { defineService, type ServiceDefinition } from './services/define-service';
export { getTypedService } from './services/get-typed-service';
export { createServiceError, type ServiceError } from './services/create-service-error';

export { loadPlugin, loadAndPreparePlugin } from './plugins/load-plugin';
export { validatePlugin, isValidPluginShape } from './plugins/validate-plugin';
export { normalizePluginName } from './plugins/normalize-plugin-name';
export { resolvePlugins } from './plugins/resolve-plugins';
export { resolvePluginDependencies } from './plugins/resolve-plugin-dependencies';
export { tryInstallPlugin } from './plugins/try-install-plugin';
