import { describe, expect, it } from '@jest/globals';
import type { IDatabaseAdapter, ModelUsageRecord, UsageReport, UUID } from '../../index';
import { type FixtureAccessor, id } from './contract-fixture';

const at = (day: string, hour = 12): number => Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

function record(overrides: Partial<ModelUsageRecord>): ModelUsageRecord {
  return {
    at: at('2026-11-20'),
    modelType: 'TEXT_LARGE',
    provider: 'openai',
    model: 'gpt-4o-mini',
    calls: 1,
    failedCalls: 0,
    inputTokens: 1000,
    cachedInputTokens: 400,
    outputTokens: 50,
    durationMs: 800,
    costUsd: 0.0002,
    unpricedCalls: 0,
    ...overrides,
  };
}

type UsageAdapter = IDatabaseAdapter & Required<Pick<IDatabaseAdapter, 'logModelUsage' | 'getUsage'>>;

function usageAdapter(adapter: IDatabaseAdapter): UsageAdapter {
  expect(typeof adapter.logModelUsage).toBe('function');
  expect(typeof adapter.getUsage).toBe('function');
  return adapter as UsageAdapter;
}

function expectTotals(
  report: UsageReport,
  expected: { calls: number; inputTokens: number; cachedInputTokens: number; outputTokens: number; costUsd: number },
): void {
  const { costUsd, ...counts } = expected;
  expect(report.totals).toMatchObject(counts);
  expect(report.totals.costUsd).toBeCloseTo(costUsd, 10);
}

export function describeUsage(fixture: FixtureAccessor): void {
  describe('model usage', () => {
    it('sums records per UTC day, room and model, and answers totals and groups over whole days', async () => {
      const adapter = usageAdapter(fixture().adapter);
      const [roomA, roomB] = [id(), id()].sort() as [UUID, UUID];
      await adapter.logModelUsage([
        record({ roomId: roomA, at: at('2026-11-19', 23) }),
        record({
          roomId: roomA,
          at: at('2026-11-20', 0),
          calls: 2,
          inputTokens: 2000,
          cachedInputTokens: 1000,
          outputTokens: 100,
          costUsd: 0.0004,
        }),
        record({ roomId: roomB, at: at('2026-11-20', 9), model: 'gpt-4o', costUsd: 0.003 }),
      ]);
      // A second write for the same day, room and model adds up.
      await adapter.logModelUsage([
        record({ roomId: roomA, at: at('2026-11-20', 18), failedCalls: 1, costUsd: 0.0002 }),
      ]);
      // Calls outside rooms (background embeddings), with no price known.
      await adapter.logModelUsage([
        record({
          at: at('2026-11-21'),
          modelType: 'TEXT_EMBEDDING',
          model: '',
          inputTokens: 300,
          cachedInputTokens: 0,
          outputTokens: 0,
          costUsd: 0,
          unpricedCalls: 1,
          calls: 3,
        }),
      ]);

      const all = await adapter.getUsage({});
      expectTotals(all, { calls: 8, inputTokens: 5300, cachedInputTokens: 2200, outputTokens: 250, costUsd: 0.0038 });
      expect(all.totals).toMatchObject({ failedCalls: 1, unpricedCalls: 1 });
      expect(all.groups).toEqual([]);

      const byDay = await adapter.getUsage({ groupBy: 'day' });
      expect(byDay.groups.map((g) => [g.key, g.calls])).toEqual([
        ['2026-11-19', 1],
        ['2026-11-20', 4],
        ['2026-11-21', 3],
      ]);
      expect(byDay.groups[1].costUsd).toBeCloseTo(0.0036, 10);

      const day20 = await adapter.getUsage({ from: '2026-11-20', to: '2026-11-20', groupBy: 'room' });
      expectTotals(day20, { calls: 4, inputTokens: 4000, cachedInputTokens: 1800, outputTokens: 200, costUsd: 0.0036 });
      expect(day20.groups.map((g) => [g.key, g.calls, g.inputTokens])).toEqual(
        [
          [roomA, 3, 3000],
          [roomB, 1, 1000],
        ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );

      const byModel = await adapter.getUsage({ groupBy: 'model' });
      expect(byModel.groups.map((g) => [g.key, g.calls])).toEqual([
        ['openai/TEXT_EMBEDDING', 3],
        ['openai/gpt-4o', 1],
        ['openai/gpt-4o-mini', 4],
      ]);

      const outsideRooms = await adapter.getUsage({ from: '2026-11-21', groupBy: 'room' });
      expect(outsideRooms.groups.map((g) => g.key)).toEqual(['']);
      const oneRoom = await adapter.getUsage({ roomId: roomB });
      expect(oneRoom.totals.calls).toBe(1);
      const none = await adapter.getUsage({ from: '2026-12-01', groupBy: 'day' });
      expect(none).toEqual({
        totals: {
          calls: 0,
          failedCalls: 0,
          inputTokens: 0,
          cachedInputTokens: 0,
          outputTokens: 0,
          costUsd: 0,
          unpricedCalls: 0,
        },
        groups: [],
      });
    });
  });
}
