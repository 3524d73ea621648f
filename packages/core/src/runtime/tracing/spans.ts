import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

/**
 * Kith's spans go through @opentelemetry/api: without an SDK registered (the
 * default) every span is a non-recording no-op, so a turn pays for a few
 * object allocations and no context switches (see inSpan). `kith start`
 * registers an SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set; an application
 * embedding the runtime registers its own.
 */
const tracer = trace.getTracer('@kith/core');

export { SpanKind };
export type { Attributes, Span };

/** Marks a span failed with the error (its message, and an `exception` event). */
export function recordError(span: Span, error: unknown): void {
  if (!span.isRecording()) return;
  const err = error instanceof Error ? error : new Error(String(error));
  span.recordException(err);
  span.setStatus({ code: SpanStatusCode.ERROR, message: err.message });
}

/** Starts a span (child of the active one); attributes are computed only when it records. */
export function startSpan(name: string, attributes?: () => Attributes, kind: SpanKind = SpanKind.INTERNAL): Span {
  const span = tracer.startSpan(name, { kind });
  if (attributes && span.isRecording()) span.setAttributes(attributes());
  return span;
}

/**
 * Runs `fn` inside a span that becomes the active one, so spans started
 * within are its children; ends it when `fn` settles, recording a thrown
 * error. When the span does not record, `fn` runs as it is: no context is
 * entered and nothing is wrapped.
 */
export function inSpan<T>(
  name: string,
  attributes: (() => Attributes) | undefined,
  fn: (span: Span) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  const span = startSpan(name, attributes, kind);
  if (!span.isRecording()) return fn(span);
  return context
    .with(trace.setSpan(context.active(), span), () => fn(span))
    .then(
      (value) => {
        span.end();
        return value;
      },
      (error: unknown) => {
        recordError(span, error);
        span.end();
        throw error;
      },
    );
}

/** Runs a synchronous or asynchronous call with `span` active (only when it records). */
export function withActiveSpan<T>(span: Span, fn: () => T): T {
  if (!span.isRecording()) return fn();
  return context.with(trace.setSpan(context.active(), span), fn);
}
