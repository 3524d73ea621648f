import * as barrel from './streams-services-plugins';

// The runtime names of @elizaos/core 1.7.2 this barrel provides; importing it must never throw.
const names = [
  'ActionStreamFilter',
  'PassthroughExtractor',
  'ResponseStreamExtractor',
  'XmlTagExtractor',
  'StreamError',
  'createStreamingContext',
  'createStreamingRetryState',
  'getStreamingContext',
  'getStreamingContextManager',
  'setStreamingContextManager',
  'runWithStreamingContext',
  'isStreamableModelType',
  'ServiceBuilder',
  'createService',
  'defineService',
  'getTypedService',
  'createServiceError',
  'loadPlugin',
  'loadAndPreparePlugin',
  'validatePlugin',
  'isValidPluginShape',
  'normalizePluginName',
  'resolvePlugins',
  'resolvePluginDependencies',
  'tryInstallPlugin',
] as const;

describe('streams-services-plugins barrel', () => {
  it.each(names)('exports %s as a function or class', (name) => {
    expect(typeof barrel[name]).toBe('function');
  });
});
