import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as core from '../../index';
import { createTestRuntime } from '../../testing';

/**
 * Every runtime export of @elizaos/core 1.7.2 (listed from the published
 * package: Object.keys(require('@elizaos/core')), in the JSON beside this
 * test) exists in @kith/core, so a plugin importing any of them loads.
 * Names that mean nothing in Kith still exist and fail when called.
 */

describe('the @elizaos/core 1.7.2 export surface', () => {
  const { runtimeExports, agentRuntimeMembers } = JSON.parse(
    readFileSync(join(__dirname, 'elizaos-core-1.7.2-exports.json'), 'utf8'),
  ) as { runtimeExports: string[]; agentRuntimeMembers: string[] };

  it('lists the published package (180 names)', () => {
    expect(runtimeExports).toHaveLength(180);
    expect(runtimeExports).toEqual(expect.arrayContaining(['AgentRuntime', 'TEEMode', 'ElizaOS', 'validateCharacter']));
  });

  it('has every one of them', () => {
    const exported = core as Record<string, unknown>;
    // Own properties: `toString` is on every object's prototype.
    const missing = runtimeExports.filter((name) => !Object.hasOwn(exported, name) || exported[name] === undefined);
    expect(missing).toEqual([]);
  });

  it("has every public member of elizaOS's AgentRuntime on a running agent", async () => {
    const runtime = (await createTestRuntime()) as unknown as Record<string, unknown>;
    expect(agentRuntimeMembers.length).toBeGreaterThan(140);
    expect(agentRuntimeMembers.filter((name) => !(name in runtime) || runtime[name] === undefined)).toEqual([]);
    await (runtime as unknown as { stop(): Promise<void> }).stop();
  });
});
