/** Label values of one series, keyed by the OpenTelemetry attribute name (`gen_ai.token.type`). */
export type Labels = Readonly<Record<string, string>>;

export type MetricKind = 'counter' | 'histogram' | 'gauge';

/** One metric as OpenTelemetry names it; the Prometheus name is derived (see prometheusName). */
export interface MetricDefinition {
  name: string;
  kind: MetricKind;
  description: string;
  /** UCUM unit: `s`, `{token}`, `USD`, `1`. */
  unit: string;
  /** Histogram bucket bounds (upper, inclusive). */
  buckets?: readonly number[];
}

/** What a metric sink does with each recording; the OpenTelemetry bridge is one. */
export interface MetricSink {
  record(definition: MetricDefinition, value: number, labels: Labels): void;
  /** A metric whose values are read when collected (gauges, and counters kept elsewhere), now or when defined later. */
  observe?(definition: MetricDefinition, read: () => Iterable<[Labels, number]>): void;
}

/** Distinct label sets kept per metric; past it, recordings go to one overflow series. */
export const MAX_SERIES_PER_METRIC = 500;
const OVERFLOW: Labels = { 'otel.metric.overflow': 'true' };

interface Series {
  labels: Labels;
  /** Counter total, or gauge value. */
  value: number;
  /** Histogram: count per bucket (non-cumulative), then sum and count. */
  bucketCounts?: number[];
  sum?: number;
  count?: number;
}

interface Metric {
  definition: MetricDefinition;
  series: Map<string, Series>;
  /** Series read at scrape time (gauges, and counters whose totals are kept elsewhere). */
  observe?: () => Iterable<[Labels, number]>;
}

const keyOf = (labels: Labels): string =>
  Object.keys(labels)
    .sort()
    .map((key) => `${key}=${labels[key]}`)
    .join('\u0000');

/**
 * Kith's metrics, kept in the process without the OpenTelemetry SDK (which
 * takes a few hundred milliseconds to load): counters and fixed-bucket
 * histograms by label set, gauges read when scraped. GET /metrics renders
 * them in the Prometheus text format; with OTEL_EXPORTER_OTLP_ENDPOINT set,
 * `kith start` adds an OpenTelemetry sink that sends every recording to the
 * SDK too, so both carry the same figures.
 */
export class MetricRegistry {
  private readonly metrics = new Map<string, Metric>();
  private readonly sinks: MetricSink[] = [];

  define(definition: MetricDefinition, observe?: Metric['observe']): MetricDefinition {
    if (this.metrics.has(definition.name)) return definition;
    this.metrics.set(definition.name, { definition, series: new Map(), observe });
    if (observe) for (const sink of this.sinks) sink.observe?.(definition, observe);
    return definition;
  }

  addSink(sink: MetricSink): void {
    this.sinks.push(sink);
    for (const metric of this.metrics.values()) if (metric.observe) sink.observe?.(metric.definition, metric.observe);
  }

  /** Adds to a counter, or records a histogram value. */
  record(definition: MetricDefinition, value: number, labels: Labels = {}): void {
    const metric = this.metrics.get(definition.name);
    if (!metric || !Number.isFinite(value)) return;
    for (const sink of this.sinks) sink.record(definition, value, labels);
    const series = this.seriesOf(metric, labels);
    if (definition.kind === 'histogram') {
      const buckets = definition.buckets ?? [];
      series.bucketCounts ??= new Array<number>(buckets.length + 1).fill(0);
      let index = buckets.findIndex((bound) => value <= bound);
      if (index < 0) index = buckets.length;
      series.bucketCounts[index] += 1;
      series.sum = (series.sum ?? 0) + value;
      series.count = (series.count ?? 0) + 1;
    } else if (definition.kind === 'counter') {
      series.value += value;
    } else {
      series.value = value;
    }
  }

  private seriesOf(metric: Metric, labels: Labels): Series {
    let key = keyOf(labels);
    let series = metric.series.get(key);
    if (series) return series;
    if (metric.series.size >= MAX_SERIES_PER_METRIC) {
      key = keyOf(OVERFLOW);
      series = metric.series.get(key);
      if (series) return series;
      labels = OVERFLOW;
    }
    series = { labels, value: 0 };
    metric.series.set(key, series);
    return series;
  }

  /** Every metric with its current series (gauges read now). */
  snapshot(): { definition: MetricDefinition; series: Series[] }[] {
    return [...this.metrics.values()].map((metric) => ({
      definition: metric.definition,
      series: metric.observe
        ? [...metric.observe()].map(([labels, value]) => ({ labels, value }))
        : [...metric.series.values()],
    }));
  }
}

/** Prometheus metric name of an OpenTelemetry one, as OpenTelemetry's Prometheus exporters derive it. */
export function prometheusName(definition: MetricDefinition): string {
  const base = definition.name.replace(/[^a-zA-Z0-9_:]/g, '_');
  const unit = definition.unit === 's' ? '_seconds' : definition.unit === 'USD' ? '_usd' : '';
  const withUnit = unit && !base.endsWith(unit) ? `${base}${unit}` : base;
  return definition.kind === 'counter' ? `${withUnit}_total` : withUnit;
}

const labelName = (name: string): string => name.replace(/[^a-zA-Z0-9_]/g, '_');
const escapeValue = (value: string): string => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

function renderLabels(labels: Labels, extra?: [string, string]): string {
  const pairs = Object.entries(labels).map(([key, value]) => `${labelName(key)}="${escapeValue(value)}"`);
  if (extra) pairs.push(`${extra[0]}="${extra[1]}"`);
  return pairs.length ? `{${pairs.join(',')}}` : '';
}

const number = (value: number): string =>
  Number.isFinite(value) ? String(value) : value > 0 ? '+Inf' : value < 0 ? '-Inf' : 'NaN';

/** The registry in the Prometheus text exposition format (version 0.0.4). */
export function renderPrometheus(registry: MetricRegistry): string {
  const lines: string[] = [];
  for (const { definition, series } of registry.snapshot()) {
    const name = prometheusName(definition);
    lines.push(`# HELP ${name} ${definition.description.replace(/\\/g, '\\\\').replace(/\n/g, ' ')}`);
    lines.push(`# TYPE ${name} ${definition.kind}`);
    for (const one of series) {
      if (definition.kind !== 'histogram') {
        lines.push(`${name}${renderLabels(one.labels)} ${number(one.value)}`);
        continue;
      }
      const buckets = definition.buckets ?? [];
      let cumulative = 0;
      buckets.forEach((bound, index) => {
        cumulative += one.bucketCounts?.[index] ?? 0;
        lines.push(`${name}_bucket${renderLabels(one.labels, ['le', number(bound)])} ${cumulative}`);
      });
      lines.push(`${name}_bucket${renderLabels(one.labels, ['le', '+Inf'])} ${one.count ?? 0}`);
      lines.push(`${name}_sum${renderLabels(one.labels)} ${number(one.sum ?? 0)}`);
      lines.push(`${name}_count${renderLabels(one.labels)} ${one.count ?? 0}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
