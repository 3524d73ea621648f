import { context, trace } from '@opentelemetry/api';

/** What startTracing started: where spans go, and how to flush and stop. */
export interface Tracing {
  endpoint: string;
  shutdown(): Promise<void>;
}

/**
 * With OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
 * set, registers an OpenTelemetry SDK that batches Kith's spans (runs, state
 * composition and providers, model calls, actions, evaluators) to an
 * OTLP/HTTP collector; the exporter reads the other standard OTEL_* variables
 * (headers, timeout, OTEL_BSP_* batching). Without it, nothing is loaded and
 * core's spans stay no-ops. OTEL_SDK_DISABLED=true turns it off.
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): Tracing | null {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED?.toLowerCase() === 'true') return null;
  // Loaded only when asked for: a plain `kith start` never reads the SDK.
  const { BasicTracerProvider, BatchSpanProcessor } =
    require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { AsyncLocalStorageContextManager } =
    require('@opentelemetry/context-async-hooks') as typeof import('@opentelemetry/context-async-hooks');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { version } = require('../../package.json') as { version: string };

  // Spans started inside a run find their parent through the async context.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'kith', 'service.version': version }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  trace.setGlobalTracerProvider(provider);
  return {
    endpoint,
    shutdown: async () => {
      await provider.shutdown();
      trace.disable();
      context.disable();
    },
  };
}
