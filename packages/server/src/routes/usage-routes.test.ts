import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUuid, utcDay } from '@kith/core';
import { createCostlyAgent, PAID_CALL_USD } from '../testing/costly-agent';
import { http } from '../testing/http-client';
import { startTestServer } from '../testing/test-server';

describe('usage, cost and budget over HTTP', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kith-usage-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers totals and groups by day, room and model; shows the budget and the day it was reached; runs carry cost, cached tokens and prompts', async () => {
    // The limit falls during the second paid call: the third message is answered offline.
    const agent = await createCostlyAgent(dataDir, { MAX_DAILY_COST_USD: String(PAID_CALL_USD * 1.5) });
    const running = await startTestServer({ agents: [agent.runtime] });
    const base = `/api/agents/${agent.runtime.agentId}`;
    try {
      const [roomA, roomB] = [randomUuid(), randomUuid()];
      const first = await http(running.url, `${base}/messages`, {
        body: { text: 'first', roomId: roomA, userName: 'ada' },
      });
      const second = await http(running.url, `${base}/messages`, {
        body: { text: 'second', roomId: roomB, userName: 'bob' },
      });
      const third = await http(running.url, `${base}/messages`, {
        body: { text: 'third', roomId: roomA, userName: 'ada' },
      });
      expect(first.body.replies[0].content.text).toBe('A paid answer.');
      expect(third.body.replies[0].content.text).toBe('An offline answer.');
      await agent.runtime.messageService?.whenIdle?.();
      const today = utcDay(Date.now());

      const byDay = await http(running.url, `${base}/usage?groupBy=day`);
      expect(byDay.status).toBe(200);
      expect(byDay.body).toMatchObject({ to: today, groupBy: 'day', overBudgetDays: [today], pricesDate: '2025-08' });
      expect(byDay.body.totals).toMatchObject({ inputTokens: 4000, cachedInputTokens: 3000, outputTokens: 200 });
      expect(byDay.body.totals.costUsd).toBeCloseTo(2 * PAID_CALL_USD, 12);
      expect(byDay.body.groups).toEqual([expect.objectContaining({ key: today, overBudget: true })]);
      expect(byDay.body.budget).toMatchObject({
        day: today,
        exceeded: true,
        fallback: 'offline-model',
        callsOverBudget: 1,
      });

      const byRoom = await http(running.url, `${base}/usage?groupBy=room&from=${today}&to=${today}`);
      const rooms = Object.fromEntries(
        byRoom.body.groups.map((g: { key: string; calls: number; costUsd: number; label?: string }) => [g.key, g]),
      );
      // Room A: one paid call and one answered offline; room B: one paid call. (Call counts also hold the turns' embeddings, written when they finish.)
      expect(rooms[first.body.roomId]).toMatchObject({ inputTokens: 2000, cachedInputTokens: 1500 });
      expect(rooms[first.body.roomId].costUsd).toBeCloseTo(PAID_CALL_USD, 12);
      expect(rooms[second.body.roomId]).toMatchObject({ inputTokens: 2000 });
      expect(third.body.roomId).toBe(first.body.roomId);

      const byModel = await http(running.url, `${base}/usage?groupBy=model`);
      expect(byModel.body.groups.map((g: { key: string; calls: number }) => [g.key, g.calls])).toEqual(
        expect.arrayContaining([
          ['scripted-model/gpt-4o-mini', 2],
          ['eliza-classic/TEXT_LARGE', 1],
        ]),
      );

      const run = await http(running.url, `${base}/runs/${first.body.runId}`);
      const call = run.body.events.find(
        (e: { type: string; name: string }) => e.type === 'MODEL_USED' && e.name === 'TEXT_LARGE',
      );
      expect(call).toMatchObject({ model: 'gpt-4o-mini', tokens: { prompt: 2000, completion: 100, cached: 1500 } });
      expect(call.costUsd).toBeCloseTo(PAID_CALL_USD, 12);
      expect(call.prompt).toContain('first');
      expect(call.response).toContain('A paid answer.');
      expect(run.body.totals.costUsd).toBeCloseTo(PAID_CALL_USD, 12);
      const offline = await http(running.url, `${base}/runs/${third.body.runId}`);
      expect(
        offline.body.events.find(
          (e: { type: string; name: string }) => e.type === 'MODEL_USED' && e.name === 'TEXT_LARGE',
        ),
      ).toMatchObject({ provider: 'eliza-classic', overBudget: true });

      expect((await http(running.url, `${base}/usage?from=2026-13-01`)).status).toBe(400);
      expect((await http(running.url, `${base}/usage?groupBy=week`)).body.error.path).toBe('query.groupBy');
    } finally {
      await running.server.close();
    }
  });
});
