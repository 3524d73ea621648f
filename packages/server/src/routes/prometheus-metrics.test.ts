import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCostlyAgent, PAID_USAGE } from '../testing/costly-agent';
import { http } from '../testing/http-client';
import { parsePrometheusText, type PrometheusFamily } from '../testing/parse-prometheus-text';
import { startTestServer } from '../testing/test-server';

const sum = (family: PrometheusFamily | undefined, name: string, labels: Record<string, string> = {}): number =>
  (family?.samples ?? [])
    .filter((sample) => sample.name === name)
    .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((total, sample) => total + sample.value, 0);

describe('GET /metrics (Prometheus text format)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'kith-prom-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves GenAI client metrics and Kith turn metrics with the figures the model reported', async () => {
    const penny = await createCostlyAgent(dataDir, { MAX_DAILY_COST_USD: '10' }, 'Penny');
    const { server, url } = await startTestServer({ agents: [penny.runtime] });
    try {
      for (let i = 0; i < 3; i++)
        await http(url, `/api/agents/${penny.runtime.agentId}/messages`, { body: { text: `hello ${i}` } });
      // A repeat of a message: accepted, and counted as a duplicate rather than answered again.
      const repeated = { text: 'once', id: '0b8a8f5e-5c1e-4a3b-9f0e-2f6c1f1d2a10' };
      await http(url, `/api/agents/${penny.runtime.agentId}/messages`, { body: repeated });
      await http(url, `/api/agents/${penny.runtime.agentId}/messages`, { body: repeated });
      await penny.runtime.messageService?.whenIdle?.();

      const response = await fetch(`${url}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const families = parsePrometheusText(await response.text());

      const tokens = families.get('gen_ai_client_token_usage');
      expect(tokens?.type).toBe('histogram');
      const chat = { gen_ai_operation_name: 'chat', gen_ai_request_model: PAID_USAGE.model };
      expect(sum(tokens, 'gen_ai_client_token_usage_sum', { ...chat, gen_ai_token_type: 'input' })).toBe(
        4 * PAID_USAGE.promptTokens,
      );
      expect(sum(tokens, 'gen_ai_client_token_usage_sum', { ...chat, gen_ai_token_type: 'output' })).toBe(
        4 * PAID_USAGE.completionTokens,
      );
      const duration = families.get('gen_ai_client_operation_duration_seconds');
      expect(duration?.type).toBe('histogram');
      expect(sum(duration, 'gen_ai_client_operation_duration_seconds_count', chat)).toBe(4);

      const turns = families.get('kith_turns_total');
      expect(turns?.type).toBe('counter');
      expect(sum(turns, 'kith_turns_total', { gen_ai_agent_name: 'Penny', kith_turn_status: 'completed' })).toBe(4);
      expect(sum(families.get('kith_turns_started_total'), 'kith_turns_started_total')).toBe(4);
      expect(sum(families.get('kith_turn_duration_seconds'), 'kith_turn_duration_seconds_count')).toBe(4);

      // The ledger's totals: every way in, repeats included; nothing left in the inbox.
      const accepted = families.get('kith_messages_accepted_total');
      expect(accepted?.type).toBe('counter');
      expect(sum(accepted, 'kith_messages_accepted_total', { gen_ai_agent_name: 'Penny' })).toBe(5);
      const messages = families.get('kith_messages_total');
      expect(sum(messages, 'kith_messages_total', { kith_message_outcome: 'answered' })).toBe(4);
      expect(sum(messages, 'kith_messages_total', { kith_message_outcome: 'duplicate' })).toBe(1);
      expect(sum(messages, 'kith_messages_total', { kith_message_outcome: 'failed' })).toBe(0);
      expect(families.get('kith_inbox_depth')?.samples).toEqual([
        { name: 'kith_inbox_depth', labels: { gen_ai_agent_name: 'Penny' }, value: 0 },
      ]);
      expect(families.get('kith_queue_depth')?.type).toBe('gauge');
      // SQLite has no fleet: the families exist (dashboards query them) with no series.
      expect(families.get('kith_fleet_lease_takeovers_total')?.samples).toEqual([]);
      expect(sum(families.get('kith_turns_in_progress'), 'kith_turns_in_progress')).toBe(0);
      expect(sum(families.get('kith_model_cost_usd_total'), 'kith_model_cost_usd_total')).toBeGreaterThan(0);
      expect(families.get('kith_websocket_connections')?.type).toBe('gauge');
      expect(sum(families.get('kith_budget_limit_usd'), 'kith_budget_limit_usd', { gen_ai_agent_name: 'Penny' })).toBe(
        10,
      );
      expect(sum(families.get('kith_budget_spent_usd'), 'kith_budget_spent_usd')).toBeCloseTo(
        sum(families.get('kith_model_cost_usd_total'), 'kith_model_cost_usd_total'),
        9,
      );
      expect(sum(families.get('kith_budget_exceeded'), 'kith_budget_exceeded')).toBe(0);
      // Labels are bounded sets: no ids.
      for (const family of families.values())
        for (const sample of family.samples)
          expect(Object.keys(sample.labels).some((label) => /(^|_)id$/.test(label))).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('needs the server token when one is set (X-API-KEY or Authorization: Bearer)', async () => {
    const penny = await createCostlyAgent(dataDir, {}, 'Penny');
    const { server, url } = await startTestServer({ agents: [penny.runtime], authToken: 'scrape-me' });
    try {
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
      expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer scrape-me' } })).status).toBe(200);
      expect((await fetch(`${url}/metrics`, { headers: { 'x-api-key': 'scrape-me' } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
