import { afterEach, beforeEach, describe } from '@jest/globals';
import type { IDatabaseAdapter, UUID } from '../../index';
import { type ContractFixture, id } from './contract-fixture';
import { describeComponents, describeEntities } from './entities-and-components';
import { describeAgents, describeLifecycle } from './lifecycle-and-agents';
import { describeInbox, describeReplies } from './inbox-and-replies';
import { describeCache, describeLogs } from './logs-and-cache';
import { describeMemories } from './memories';
import { describeParticipants, describeRelationships } from './participants-and-relationships';
import { describeSearch } from './search';
import { describeTasks } from './tasks';
import { describeUsage } from './usage';
import { describeWorldsAndRooms } from './worlds-and-rooms';

/** The adapter's own agent id when it exposes one (SqliteDatabaseAdapter does). */
function agentIdOf(adapter: IDatabaseAdapter): UUID | undefined {
  const value = (adapter as { agentId?: unknown }).agentId;
  return typeof value === 'string' ? (value as UUID) : undefined;
}

/**
 * Registers jest tests for the observable behaviour of every
 * IDatabaseAdapter method. `createAdapter` is called before each test with a
 * fresh agent id and must return an adapter for that agent over empty
 * storage; the suite calls init() and, afterwards, close(). Vectors are
 * 384-dimensional.
 */
export function runAdapterContractTests(
  name: string,
  createAdapter: (agentId: UUID) => Promise<IDatabaseAdapter>,
): void {
  describe(`${name} satisfies the IDatabaseAdapter contract`, () => {
    let current: ContractFixture | undefined;

    beforeEach(async () => {
      const agentId = id();
      const adapter = await createAdapter(agentId);
      await adapter.init();
      current = { adapter, agentId: agentIdOf(adapter) ?? agentId };
    });

    afterEach(async () => {
      await current?.adapter.close();
      current = undefined;
    });

    const fixture = (): ContractFixture => {
      if (!current) throw new Error('The contract fixture is only available inside a test');
      return current;
    };

    describeLifecycle(fixture);
    describeAgents(fixture);
    describeEntities(fixture);
    describeComponents(fixture);
    describeMemories(fixture);
    describeSearch(fixture);
    describeLogs(fixture);
    describeUsage(fixture);
    describeCache(fixture);
    describeWorldsAndRooms(fixture);
    describeParticipants(fixture);
    describeRelationships(fixture);
    describeTasks(fixture);
    describeInbox(fixture);
    describeReplies(fixture);
  });
}
