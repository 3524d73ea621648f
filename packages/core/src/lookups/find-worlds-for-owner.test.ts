import type { World } from '../types/environment';
import type { UUID } from '../types/primitives';
import { AGENT, ALICE, BOB, roomRuntime } from '../testing/fixtures/world';
import { findWorldsForOwner } from './find-worlds-for-owner';

function world(id: UUID, metadata: World['metadata']): World {
  return { id, agentId: AGENT, metadata };
}

describe('findWorldsForOwner', () => {
  const w1 = world('00000000-0000-0000-0000-000000000f01', { ownership: { ownerId: ALICE } });
  const w2 = world('00000000-0000-0000-0000-000000000f02', { ownership: { ownerId: BOB } });
  const w3 = world('00000000-0000-0000-0000-000000000f03', { ownership: { ownerId: ALICE } });
  const w4 = world('00000000-0000-0000-0000-000000000f04', undefined);

  it('returns the worlds the entity owns', async () => {
    expect(await findWorldsForOwner(roomRuntime({ worlds: [w1, w2, w3, w4] }), ALICE)).toEqual([w1, w3]);
  });

  it('returns null when none are owned, there are no worlds, or no id is given', async () => {
    expect(await findWorldsForOwner(roomRuntime({ worlds: [w2, w4] }), ALICE)).toBeNull();
    expect(await findWorldsForOwner(roomRuntime({ worlds: [] }), ALICE)).toBeNull();
    expect(await findWorldsForOwner(roomRuntime({ worlds: [w1] }), '')).toBeNull();
  });
});
