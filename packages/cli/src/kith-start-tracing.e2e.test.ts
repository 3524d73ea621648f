import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnKithStart, type SpawnedKith } from './testing/spawn-kith-start';

/** A span as OTLP/HTTP JSON carries it (the fields this test reads). */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: Record<string, unknown> }[];
  status?: { code?: number };
}

interface ExportRequest {
  resourceSpans: {
    resource?: { attributes?: OtlpSpan['attributes'] };
    scopeSpans: { scope?: { name?: string }; spans: OtlpSpan[] }[];
  }[];
}

/** A real OTLP/HTTP endpoint on 127.0.0.1: POST /v1/traces with the JSON encoding, as the exporter sends it. */
function startCollector(): Promise<{
  server: Server;
  url: string;
  spans: OtlpSpan[];
  resources: Record<string, unknown>[];
  paths: string[];
}> {
  const spans: OtlpSpan[] = [];
  const resources: Record<string, unknown>[] = [];
  const paths: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportRequest;
      for (const resourceSpans of body.resourceSpans) {
        resources.push(
          Object.fromEntries((resourceSpans.resource?.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]])),
        );
        for (const scope of resourceSpans.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, resources, paths }),
    ),
  );
}

const attribute = (span: OtlpSpan, key: string): unknown => {
  const found = span.attributes?.find((a) => a.key === key);
  return found ? Object.values(found.value)[0] : undefined;
};

async function waitFor(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('kith start with OTEL_EXPORTER_OTLP_ENDPOINT (built CLI in a child process)', () => {
  let dir: string;
  let kith: SpawnedKith | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-otel-'));
  });
  afterEach(async () => {
    if (kith && kith.child.exitCode === null) {
      kith.child.kill('SIGKILL');
      await kith.exit;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('exports the spans of a turn over OTLP/HTTP: the run, state and its providers, the model calls with GenAI attributes', async () => {
    const collector = await startCollector();
    try {
      const env = {
        ...process.env,
        LOG_LEVEL: 'warn',
        OPENAI_API_KEY: '',
        OPENAI_BASE_URL: '',
        KITH_SERVER_AUTH_TOKEN: '',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_SERVICE_NAME: 'kith-test',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      };
      kith = await spawnKithStart(['--port', '0', '--data-dir', join(dir, 'data')], env);
      expect(kith.stdout()).toContain(`Tracing: OpenTelemetry spans over OTLP/HTTP to ${collector.url}`);
      const agents = (await (await fetch(`${kith.url}/api/agents`)).json()) as { agents: { id: string }[] };
      const sent = await fetch(`${kith.url}/api/agents/${agents.agents[0].id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'I feel sad today', userName: 'ada' }),
      });
      const { runId } = (await sent.json()) as { runId: string };

      const runSpan = () =>
        collector.spans.find((span) => span.name === 'kith.run' && attribute(span, 'kith.run.id') === runId);
      // The run span ends last: once it is here, so is the rest of its trace (one batch or several).
      await waitFor(() => runSpan() !== undefined, 'the run span');
      // The incoming message's embedding is queued by the bus when it accepts the message, before the run
      // starts, so its span heads a trace of its own.
      await waitFor(
        () => collector.spans.some((span) => span.name === 'embeddings TEXT_EMBEDDING'),
        'the embedding span',
      );
      const embedding = collector.spans.find((span) => span.name === 'embeddings TEXT_EMBEDDING') as OtlpSpan;
      expect(attribute(embedding, 'gen_ai.operation.name')).toBe('embeddings');
      const run = runSpan() as OtlpSpan;
      const trace = collector.spans.filter((span) => span.traceId === run.traceId);
      const childrenOf = (parent: OtlpSpan) => trace.filter((span) => span.parentSpanId === parent.spanId);
      const names = (spans: OtlpSpan[]) => spans.map((span) => span.name);

      expect(collector.paths[0]).toBe('POST /v1/traces application/json');
      expect(collector.resources[0]).toMatchObject({ 'service.name': 'kith-test' });
      expect(run.parentSpanId ?? '').toBe('');
      expect(attribute(run, 'kith.agent.name')).toBe('Eliza');

      const top = names(childrenOf(run));
      // A plain DM reply is sent without running the REPLY action (its spans are in core's tracing test).
      expect(top).toEqual(expect.arrayContaining(['kith.compose_state', 'chat TEXT_LARGE']));
      const compose = childrenOf(run).find((span) => span.name === 'kith.compose_state') as OtlpSpan;
      const providers = names(childrenOf(compose));
      expect(providers).toEqual(
        expect.arrayContaining(['kith.provider CHARACTER', 'kith.provider RECENT_MESSAGES', 'kith.provider ACTIONS']),
      );
      expect(providers.every((name) => name.startsWith('kith.provider '))).toBe(true);

      const model = childrenOf(run).find((span) => span.name === 'chat TEXT_LARGE') as OtlpSpan;
      expect(model.kind).toBe(3); // CLIENT
      expect(attribute(model, 'gen_ai.operation.name')).toBe('chat');
      expect(attribute(model, 'gen_ai.system')).toBe('eliza-classic');
      expect(attribute(model, 'kith.model_type')).toBe('TEXT_LARGE');
      // Every span of the turn belongs to the tree under the run.
      const reachable = new Set<string>([run.spanId]);
      for (let grew = true; grew;) {
        grew = false;
        for (const span of trace)
          if (span.parentSpanId && reachable.has(span.parentSpanId) && !reachable.has(span.spanId))
            grew = reachable.add(span.spanId) !== undefined;
      }
      expect(trace.filter((span) => !reachable.has(span.spanId)).map((span) => span.name)).toEqual([]);

      kith.child.kill('SIGTERM');
      expect(await kith.exit).toEqual({ code: 0, signal: null });
    } finally {
      collector.server.close();
    }
  }, 90_000);
});
