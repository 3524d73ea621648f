import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ChannelType, randomUuid, stringToUuid, utcDay, type ModelUsageRecord } from '@kith/core';
import { createDatabaseAdapter } from '@kith/plugin-sql';

const BIN = resolve(__dirname, '../dist/bin/kith.js');
const DAY_MS = 86_400_000;

function kith(args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'warn', MAX_DAILY_COST_USD: '' },
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const usage = (overrides: Partial<ModelUsageRecord>): ModelUsageRecord => ({
  at: Date.now(),
  modelType: 'TEXT_LARGE',
  provider: 'openai',
  model: 'gpt-4o-mini',
  calls: 1,
  failedCalls: 0,
  inputTokens: 1000,
  cachedInputTokens: 600,
  outputTokens: 100,
  durationMs: 900,
  costUsd: 0.000165,
  unpricedCalls: 0,
  ...overrides,
});

describe('kith usage (built CLI in a child process)', () => {
  let dir: string;
  let characterFile: string;
  const agentId = stringToUuid('Penny');
  const room = randomUuid();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kith-usage-'));
    characterFile = join(dir, 'penny.json');
    writeFileSync(
      characterFile,
      JSON.stringify({ name: 'Penny', bio: ['Counts pennies.'], settings: { MAX_DAILY_COST_USD: '0.001' } }),
    );
    // What a few days of kith start leave behind: usage day rows, a room, and the record of a reached budget.
    const adapter = createDatabaseAdapter({ dataDir: dir }, agentId);
    await adapter.init();
    await adapter.createRooms([{ id: room, name: 'support', source: 'test', type: ChannelType.DM, agentId }]);
    await adapter.logModelUsage([
      usage({ roomId: room, at: Date.now() - 2 * DAY_MS }),
      usage({
        roomId: room,
        calls: 9,
        inputTokens: 9000,
        cachedInputTokens: 5400,
        outputTokens: 900,
        costUsd: 0.001485,
      }),
      usage({
        modelType: 'TEXT_EMBEDDING',
        model: 'text-embedding-3-small',
        inputTokens: 400,
        cachedInputTokens: 0,
        outputTokens: 0,
        costUsd: 0.000008,
        calls: 4,
      }),
      usage({ roomId: room, at: Date.now() - 30 * DAY_MS, costUsd: 5 }),
    ]);
    await adapter.log({
      type: 'budget_exceeded',
      entityId: agentId,
      roomId: agentId,
      body: { day: utcDay(Date.now()), limitUsd: 0.001 },
    });
    await adapter.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints calls, tokens and cost per day for the last 7 days, marks the day the budget was reached, and says where prices come from', () => {
    const result = kith(['usage', '-c', characterFile, '-d', dir]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^Usage of Penny \([0-9a-f-]{36}\) from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \(UTC days\), by day:$/,
    );
    expect(lines[2]).toMatch(/^day +calls +input tokens +cached +output tokens +cost \(USD\)$/);
    expect(lines[4]).toMatch(new RegExp(`^${utcDay(Date.now() - 2 * DAY_MS)} +1 +1,000 +600 +100 +\\$0\\.0002$`));
    expect(lines[5]).toMatch(new RegExp(`^${utcDay(Date.now())} \\* +13 +9,400 +5,400 +900 +\\$0\\.0015$`));
    expect(lines[7]).toMatch(/^total +14 +10,400 +6,000 +1,000 +\$0\.0017$/);
    expect(result.stdout).toContain('* MAX_DAILY_COST_USD was reached that day');
    expect(result.stdout).toMatch(
      /Daily budget \(MAX_DAILY_COST_USD\): \$0\.0015 of \$0\.0010 spent today \(UTC\); reached/,
    );
    expect(result.stdout).toContain('default OpenAI list prices of 2025-08');
  });

  it('groups by room with its name and by model, from --since, and prints JSON like the HTTP route', () => {
    const byRoom = kith(['usage', '-c', characterFile, '-d', dir, '--since', '60d', '--group-by', 'room']);
    expect(byRoom.code).toBe(0);
    expect(byRoom.stdout).toMatch(new RegExp(`support \\(${room.slice(0, 8)}\\) +11 +`));
    expect(byRoom.stdout).toMatch(/\(outside rooms\) +4 +400 +0 +0 +\$0\.0000/);
    const json = JSON.parse(
      kith(['usage', '-c', characterFile, '-d', dir, '--group-by', 'model', '--json']).stdout,
    ) as {
      totals: { calls: number; costUsd: number };
      groups: { key: string; calls: number }[];
      budget: { limitUsd: number; exceeded: boolean };
    };
    expect(json.groups.map((g) => [g.key, g.calls])).toEqual([
      ['openai/gpt-4o-mini', 10],
      ['openai/text-embedding-3-small', 4],
    ]);
    expect(json.budget).toMatchObject({ limitUsd: 0.001, exceeded: true });
  });

  it('names the database it could not find, and a bad --since', () => {
    const missing = kith(['usage', '-c', characterFile, '-d', join(dir, 'nowhere')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no database at .*nowhere.*kith start first/);
    const bad = kith(['usage', '-c', characterFile, '-d', dir, '--since', 'last week']);
    expect(bad.stderr).toMatch(/--since: "last week" is neither/);
  });
});
