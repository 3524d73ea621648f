import type { PushMetricExporter, ResourceMetrics } from '@opentelemetry/sdk-metrics';

type ExportResult = Parameters<Parameters<PushMetricExporter['export']>[1]>[0];

/** The metrics URL from the standard variables: the signal's own endpoint as is, or the base one plus /v1/metrics. */
export function metricsEndpoint(env: NodeJS.ProcessEnv): string | undefined {
  const own = env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT;
  if (own) return own;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return base ? `${base.replace(/\/+$/, '')}/v1/metrics` : undefined;
}

/** OTEL_EXPORTER_OTLP_HEADERS / _METRICS_HEADERS: `key=value,key2=value2`, values URL-encoded. */
export function otlpHeaders(env: NodeJS.ProcessEnv): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const source of [env.OTEL_EXPORTER_OTLP_HEADERS, env.OTEL_EXPORTER_OTLP_METRICS_HEADERS]) {
    for (const pair of (source ?? '').split(',')) {
      const at = pair.indexOf('=');
      if (at > 0) headers[pair.slice(0, at).trim()] = decodeURIComponent(pair.slice(at + 1).trim());
    }
  }
  return headers;
}

/**
 * Sends metrics to an OTLP/HTTP collector in the JSON encoding, with the
 * serializer of @opentelemetry/otlp-transformer (the one the OTLP trace
 * exporter uses), over fetch. Cumulative temporality (the SDK default).
 */
export class OtlpJsonMetricExporter implements PushMetricExporter {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string> = {},
    private readonly timeoutMs = 10_000,
  ) {}

  export(metrics: ResourceMetrics, resultCallback: (result: ExportResult) => void): void {
    const { JsonMetricsSerializer } =
      require('@opentelemetry/otlp-transformer') as typeof import('@opentelemetry/otlp-transformer');
    const body = JsonMetricsSerializer.serializeRequest(metrics);
    const sent = fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.headers },
      body: body ? Buffer.from(body) : '{}',
      signal: AbortSignal.timeout(this.timeoutMs),
    }).then(
      async (response) => {
        await response.arrayBuffer();
        resultCallback(
          response.ok
            ? { code: 0 }
            : { code: 1, error: new Error(`OTLP metrics export to ${this.url} answered ${response.status}`) },
        );
      },
      (error: unknown) => resultCallback({ code: 1, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    this.pending.add(sent);
    void sent.finally(() => this.pending.delete(sent));
  }

  async forceFlush(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  async shutdown(): Promise<void> {
    await this.forceFlush();
  }
}
