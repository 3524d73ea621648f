import type { UUID } from '../types/primitives';
import type { DeliveryResult } from './bus-message';
import { knownOf, LedgerOutcomes } from './ledger-outcomes';
import { agentMemoryId } from './to-agent-memory';

const agentId = '00000000-0000-4000-8000-000000000001' as UUID;

function result(messageId: string, memoryId = agentMemoryId({ agentId }, messageId as UUID)): DeliveryResult {
  return {
    agentId,
    messageId: messageId as UUID,
    memoryId,
    roomId: 'room' as UUID,
    mode: 'simple',
    duplicate: false,
    replies: [],
    runId: 'run' as UUID,
  };
}

describe('LedgerOutcomes', () => {
  it('tracks a message while it flies and keeps a small record of how it ended', async () => {
    const outcomes = new LedgerOutcomes();
    let finish!: (value: DeliveryResult) => void;
    const delivery = new Promise<DeliveryResult>((resolve) => (finish = resolve));
    outcomes.track('m1', Promise.resolve(), delivery);
    expect(outcomes.flying('m1')).toBeDefined();
    expect(outcomes.flyingCount).toBe(1);
    finish(result('m1'));
    await delivery;
    await new Promise((resolve) => setImmediate(resolve));
    expect(outcomes.flying('m1')).toBeUndefined();
    // No replies or run ids are kept: a repeat reads the replies back.
    expect(outcomes.ended('m1')).toEqual({ mode: 'simple', told: true });
    expect(outcomes.endedCount).toBe(1);
  });

  it('never lets a notice summary replace an outcome told here, and marks memory ids that are message ids', () => {
    const outcomes = new LedgerOutcomes();
    outcomes.remember('m2', knownOf(result('m2', 'm2' as UUID)));
    outcomes.remember('m2', { mode: 'ignored' });
    expect(outcomes.ended('m2')).toEqual({ mode: 'simple', told: true, memoryIsMessage: true });
    outcomes.remember('m3', { mode: 'ignored' });
    outcomes.remember('m3', knownOf(result('m3')));
    expect(outcomes.ended('m3')).toEqual({ mode: 'simple', told: true });
    expect(outcomes.endedMax).toBe(20_000);
  });
});
