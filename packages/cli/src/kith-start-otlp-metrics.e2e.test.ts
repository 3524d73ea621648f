import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeTokenCount, startFakeOpenAIServer, type FakeOpenAIServer } from '@kith/plugin-openai/testing';
import { spawnKithStart, type SpawnedKith } from './testing/spawn-kith-start';

type OtlpAttribute = { key: string; value: Record<string, unknown> };
interface OtlpDataPoint {
  attributes?: OtlpAttribute[];
  asInt?: string | number;
  asDouble?: number;
  count?: string | number;
  sum?: number;
}
interface OtlpMetric {
  name: string;
  unit?: string;
  histogram?: { dataPoints: OtlpDataPoint[] };
  sum?: { dataPoints: OtlpDataPoint[]; isMonotonic?: boolean };
  gauge?: { dataPoints: OtlpDataPoint[] };
}
interface OtlpSpan {
  name: string;
  attributes?: OtlpAttribute[];
}

const attrs = (list: OtlpAttribute[] | undefined): Record<string, unknown> =>
  Object.fromEntries((list ?? []).map((a) => [a.key, Object.values(a.value)[0]]));

/** An OTLP/HTTP collector on 127.0.0.1 taking the JSON encoding: spans, and the latest export of each metric. */
function startCollector(): Promise<{
  server: Server;
  url: string;
  spans: OtlpSpan[];
  metrics: Map<string, OtlpMetric>;
}> {
  const spans: OtlpSpan[] = [];
  const metrics = new Map<string, OtlpMetric>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans?: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        resourceMetrics?: { scopeMetrics: { metrics: OtlpMetric[] }[] }[];
      };
      for (const resource of body.resourceSpans ?? [])
        for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      // Cumulative temporality: each export carries the totals so far.
      for (const resource of body.resourceMetrics ?? [])
        for (const scope of resource.scopeMetrics) for (const metric of scope.metrics) metrics.set(metric.name, metric);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, metrics }),
    ),
  );
}

async function waitFor(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const REPLY = 'Nice to meet you.';
const TURNS = 3;

describe('kith start exporting metrics over OTLP/HTTP (built CLI, fake OpenAI server reporting usage)', () => {
  let dir: string;
  let kith: SpawnedKith | undefined;
  let model: FakeOpenAIServer;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kith-otlp-metrics-'));
    model = await startFakeOpenAIServer({
      reply: () => `<response><thought>Greet.</thought><actions>REPLY</actions><text>${REPLY}</text></response>`,
    });
  });
  afterEach(async () => {
    if (kith && kith.child.exitCode === null) {
      kith.child.kill('SIGKILL');
      await kith.exit;
    }
    await model.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends gen_ai.client.* and kith.* metrics whose token counts match what the model server reported, as GET /metrics does', async () => {
    const collector = await startCollector();
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        LOG_LEVEL: 'warn',
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: model.baseUrl,
        KITH_SERVER_AUTH_TOKEN: '',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_METRIC_EXPORT_INTERVAL: '300',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      };
      kith = await spawnKithStart(['--port', '0', '--data-dir', join(dir, 'data')], env);
      expect(kith.stdout()).toContain(`Metrics: OpenTelemetry metrics over OTLP/HTTP to ${collector.url}/v1/metrics`);
      const agents = (await (await fetch(`${kith.url}/api/agents`)).json()) as { agents: { id: string }[] };
      for (let i = 0; i < TURNS; i++) {
        const sent = await fetch(`${kith.url}/api/agents/${agents.agents[0].id}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: `hello number ${i}`, userName: 'ada' }),
        });
        expect(((await sent.json()) as { mode: string }).mode).not.toBe('error');
      }

      // What the model server reported, recomputed from the requests it received (read again while waiting:
      // a background call, such as reflection, may still arrive after the last reply).
      const chats = () => model.requestsTo('/chat/completions');
      const reportedInput = (): number =>
        chats().reduce((total, request) => {
          const messages = (request.body?.messages ?? []) as { content: unknown }[];
          return (
            total + fakeTokenCount(messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n'))
          );
        }, 0);
      const reportedOutput = (): number =>
        chats().length *
        fakeTokenCount(`<response><thought>Greet.</thought><actions>REPLY</actions><text>${REPLY}</text></response>`);
      expect(chats().length).toBeGreaterThanOrEqual(TURNS);

      const chatTokens = (type: string): number =>
        (collector.metrics.get('gen_ai.client.token.usage')?.histogram?.dataPoints ?? [])
          .filter((point) => {
            const a = attrs(point.attributes);
            return a['gen_ai.operation.name'] === 'chat' && a['gen_ai.token.type'] === type;
          })
          .reduce((total, point) => total + Number(point.sum ?? 0), 0);
      await waitFor(
        () => chatTokens('input') === reportedInput() && chatTokens('output') === reportedOutput(),
        'the exported token usage',
      );

      const tokenUsage = collector.metrics.get('gen_ai.client.token.usage') as OtlpMetric;
      expect(tokenUsage.unit).toBe('{token}');
      expect(attrs(tokenUsage.histogram?.dataPoints[0]?.attributes)).toMatchObject({
        'gen_ai.provider.name': 'openai',
      });
      const duration = collector.metrics.get('gen_ai.client.operation.duration') as OtlpMetric;
      expect(duration.unit).toBe('s');
      const turns = collector.metrics.get('kith.turns') as OtlpMetric;
      expect(turns.sum?.isMonotonic).toBe(true);
      const completed = turns.sum?.dataPoints.find((p) => attrs(p.attributes)['kith.turn.status'] === 'completed');
      expect(Number(completed?.asInt ?? completed?.asDouble)).toBe(TURNS);
      expect(collector.metrics.get('kith.turns.in_progress')?.gauge).toBeDefined();
      // The ledger's totals are kept by the ledger and read at export: a monotonic sum all the same.
      const accepted = collector.metrics.get('kith.messages.accepted') as OtlpMetric;
      expect(accepted.sum?.isMonotonic).toBe(true);
      const acceptedPoint = accepted.sum?.dataPoints[0];
      expect(Number(acceptedPoint?.asInt ?? acceptedPoint?.asDouble)).toBe(TURNS);
      expect(collector.metrics.get('kith.inbox.depth')?.gauge).toBeDefined();

      // The spans carry the same counts under the GenAI names.
      await waitFor(
        () => collector.spans.some((s) => attrs(s.attributes)['gen_ai.operation.name'] === 'chat'),
        'chat spans',
      );
      const spanInput = collector.spans
        .filter((s) => attrs(s.attributes)['gen_ai.operation.name'] === 'chat')
        .reduce((total, s) => total + Number(attrs(s.attributes)['gen_ai.usage.input_tokens'] ?? 0), 0);
      expect(spanInput).toBe(reportedInput());
      const chatSpan = collector.spans.find((s) => attrs(s.attributes)['gen_ai.operation.name'] === 'chat') as OtlpSpan;
      expect(attrs(chatSpan.attributes)).toMatchObject({ 'gen_ai.agent.name': 'Eliza' });
      expect(attrs(chatSpan.attributes)['gen_ai.conversation.id']).toEqual(expect.any(String));

      // GET /metrics serves the same figures.
      const text = await (await fetch(`${kith.url}/metrics`)).text();
      const inputLine = text
        .split('\n')
        .filter(
          (line) =>
            line.startsWith('gen_ai_client_token_usage_sum{') &&
            line.includes('gen_ai_operation_name="chat"') &&
            line.includes('gen_ai_token_type="input"'),
        )
        .reduce((total, line) => total + Number(line.split(' ').pop()), 0);
      expect(inputLine).toBe(reportedInput());
    } finally {
      await new Promise((done) => collector.server.close(done));
    }
  }, 60_000);
});
