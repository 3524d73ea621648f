import { Role, type World } from '../types/environment';
import type { UUID } from '../types/primitives';
import { createUniqueUuid } from '../uuid/uuid';
import { AGENT, ALICE, BOB, roomRuntime } from '../testing/fixtures/world';
import { getUserServerRole } from './get-user-server-role';

const SERVER = 'discord-guild-1';
const worldId = createUniqueUuid({ agentId: AGENT }, SERVER);

function world(id: UUID, metadata: World['metadata']): World {
  return { id, agentId: AGENT, serverId: SERVER, metadata };
}

describe('getUserServerRole', () => {
  const runtime = roomRuntime({
    worlds: [world(worldId, { roles: { [ALICE]: Role.OWNER, [BOB]: 'WIZARD' as Role } })],
  });

  it("reads the entity's role from the world derived from the server id", async () => {
    expect(await getUserServerRole(runtime, ALICE, SERVER)).toBe(Role.OWNER);
    expect(runtime.getWorld).toHaveBeenCalledWith(worldId);
  });

  it('returns NONE for unknown entities, invalid roles and missing worlds', async () => {
    expect(await getUserServerRole(runtime, 'someone-else', SERVER)).toBe(Role.NONE);
    expect(await getUserServerRole(runtime, BOB, SERVER)).toBe(Role.NONE);
    expect(await getUserServerRole(runtime, ALICE, 'other-server')).toBe(Role.NONE);
  });

  it('returns NONE when the world has no roles', async () => {
    const rt = roomRuntime({ worlds: [world(worldId, {})] });
    expect(await getUserServerRole(rt, ALICE, SERVER)).toBe(Role.NONE);
  });
});
