import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUuid, type UUID } from '@kith/core';
import { createDatabaseAdapter } from '../../create-database-adapter';
import { silentLogger } from '../../testing/silent-logger';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-usage-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('model_usage queries', () => {
  it("read a range of one agent's day rows through the primary key, never scanning the table", async () => {
    const agentId = randomUuid();
    const adapter = createDatabaseAdapter({ dataDir: dir, filename: 'plan.db', logger: silentLogger() }, agentId);
    await adapter.init();
    const sqlite = await adapter.getConnection();
    const plan = (sql: string, ...params: unknown[]) =>
      (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
        .map((row) => row.detail)
        .join('\n');
    const range = plan(
      'SELECT SUM(calls), SUM(cost_usd) FROM model_usage WHERE agent_id = ? AND day >= ? AND day <= ? GROUP BY day',
      agentId,
      20000,
      20400,
    );
    expect(range).toMatch(
      /SEARCH model_usage USING (COVERING )?INDEX sqlite_autoindex_model_usage_1 \(agent_id=\? AND day>\? AND day<\?\)/,
    );
    expect(range).not.toMatch(/SCAN model_usage/);
    await adapter.close();
  });

  it("keep agents sharing a file apart, and delete an agent's rows with it", async () => {
    const [a, b] = [randomUuid(), randomUuid()] as UUID[];
    const one = createDatabaseAdapter({ dataDir: dir, filename: 'shared.db', logger: silentLogger() }, a);
    const two = createDatabaseAdapter({ dataDir: dir, filename: 'shared.db', logger: silentLogger() }, b);
    await one.init();
    await two.init();
    const usage = {
      at: Date.now(),
      modelType: 'TEXT_LARGE',
      provider: 'openai',
      model: 'gpt-4o',
      calls: 1,
      failedCalls: 0,
      inputTokens: 10,
      cachedInputTokens: 0,
      outputTokens: 5,
      durationMs: 3,
      costUsd: 0.5,
      unpricedCalls: 0,
    };
    await one.logModelUsage([usage]);
    await two.logModelUsage([usage, usage]);
    expect((await one.getUsage({})).totals.calls).toBe(1);
    expect((await two.getUsage({})).totals.costUsd).toBe(1);
    await one.createAgent({ id: a, name: 'A' });
    await one.deleteAgent(a);
    expect((await one.getUsage({})).totals.calls).toBe(0);
    expect((await two.getUsage({})).totals.calls).toBe(2);
    await one.close();
    await two.close();
  });
});
