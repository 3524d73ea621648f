import type { Counter, Histogram, Meter } from '@opentelemetry/api';
import type { KithServer } from '@kith/server';
import { metricsEndpoint, otlpHeaders, OtlpJsonMetricExporter } from './otlp-json-metric-exporter';

/** What startMetrics started: where metrics go, and how to send the last ones and stop. */
export interface MetricsExport {
  endpoint: string;
  shutdown(): Promise<void>;
}

type Definition = Parameters<KithServer['metrics']['registry']['record']>[0];

/**
 * With OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_METRICS_ENDPOINT)
 * set, exports the server's metrics (the series GET /metrics serves) through
 * the OpenTelemetry metrics SDK to an OTLP/HTTP collector every
 * OTEL_METRIC_EXPORT_INTERVAL ms (default 60000). Without it nothing is
 * loaded: the SDK takes a few hundred milliseconds to require.
 * OTEL_SDK_DISABLED=true or OTEL_METRICS_EXPORTER=none turns it off.
 */
export function startMetrics(server: KithServer, env: NodeJS.ProcessEnv = process.env): MetricsExport | null {
  const endpoint = metricsEndpoint(env);
  if (!endpoint || env.OTEL_SDK_DISABLED?.toLowerCase() === 'true' || env.OTEL_METRICS_EXPORTER === 'none') return null;
  const { MeterProvider, PeriodicExportingMetricReader } =
    require('@opentelemetry/sdk-metrics') as typeof import('@opentelemetry/sdk-metrics');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { version } = require('../../package.json') as { version: string };
  const interval = Number(env.OTEL_METRIC_EXPORT_INTERVAL) || 60_000;
  const reader = new PeriodicExportingMetricReader({
    exporter: new OtlpJsonMetricExporter(endpoint, otlpHeaders(env)),
    exportIntervalMillis: interval,
    exportTimeoutMillis: Math.min(interval, Number(env.OTEL_METRIC_EXPORT_TIMEOUT) || 30_000),
  });
  const provider = new MeterProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'kith', 'service.version': version }),
    readers: [reader],
  });
  const meter = provider.getMeter('@kith/server', version);
  const { registry } = server.metrics;
  const instruments = new Map<string, Counter | Histogram>();
  const instrumentOf = (definition: Definition): Counter | Histogram => {
    let instrument = instruments.get(definition.name);
    if (!instrument) {
      instrument = create(meter, definition);
      instruments.set(definition.name, instrument);
    }
    return instrument;
  };
  registry.addSink({
    record: (definition, value, labels) => {
      const instrument = instrumentOf(definition);
      if (definition.kind === 'counter') (instrument as Counter).add(value, labels);
      else (instrument as Histogram).record(value, labels);
    },
    // Read at each export, as GET /metrics reads them.
    observe: (definition, read) => {
      const options = { description: definition.description, unit: definition.unit };
      const observable =
        definition.kind === 'counter'
          ? meter.createObservableCounter(definition.name, options)
          : meter.createObservableGauge(definition.name, options);
      observable.addCallback((result) => {
        for (const [labels, value] of read()) result.observe(value, labels);
      });
    },
  });
  return {
    endpoint,
    shutdown: async () => {
      // Sends what was recorded since the last export.
      await provider.shutdown();
    },
  };
}

function create(meter: Meter, definition: Definition): Counter | Histogram {
  const options = { description: definition.description, unit: definition.unit };
  if (definition.kind === 'counter') return meter.createCounter(definition.name, options);
  return meter.createHistogram(definition.name, {
    ...options,
    ...(definition.buckets ? { advice: { explicitBucketBoundaries: [...definition.buckets] } } : {}),
  });
}
