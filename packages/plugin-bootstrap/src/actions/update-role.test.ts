import { ChannelType, randomUuid, Role } from '@kith/core';
import { ADA, BOB, createHarness, setWorldMetadata } from '../testing/bootstrap-harness';
import { updateRoleAction } from './update-role';

async function world(roles: Record<string, Role>, ownerId?: string) {
  const harness = await createHarness();
  await setWorldMetadata(harness.runtime, harness.worldId, { roles, ...(ownerId ? { ownership: { ownerId } } : {}) });
  const roleOf = async (id: string) => (await harness.runtime.getWorld(harness.worldId))?.metadata?.roles?.[id];
  return { ...harness, roleOf };
}

describe('UPDATE_ROLE', () => {
  it('lets the owner make someone an admin', async () => {
    const { run, message, roleOf, replies } = await world({}, ADA);
    const [result] = await run(message('make Bob an admin'), ['UPDATE_ROLE'], '', {
      UPDATE_ROLE: { entity: 'Bob', role: 'ADMIN' },
    });
    expect(result.success).toBe(true);
    expect(await roleOf(BOB)).toBe(Role.ADMIN);
    expect(replies[0].text).toBe('Bob is now ADMIN.');
  });

  it('does not let an admin create an owner or touch another admin', async () => {
    const { run, message, roleOf, connect } = await world({ [ADA]: Role.ADMIN, [BOB]: Role.ADMIN });
    const cy = randomUuid();
    await connect(cy, 'Cy');
    const [owner] = await run(message('make Cy owner'), ['UPDATE_ROLE'], '', {
      UPDATE_ROLE: { entity: 'Cy', role: 'OWNER' },
    });
    const [demote] = await run(message('demote Bob'), ['UPDATE_ROLE'], '', {
      UPDATE_ROLE: { entity: 'Bob', role: 'NONE' },
    });
    const [promote] = await run(message('make Cy admin'), ['UPDATE_ROLE'], '', {
      UPDATE_ROLE: { entity: 'Cy', role: 'ADMIN' },
    });
    expect([owner.success, demote.success, promote.success]).toEqual([false, false, true]);
    expect(await roleOf(BOB)).toBe(Role.ADMIN);
    expect(await roleOf(cy)).toBe(Role.ADMIN);
  });

  it('refuses to change the requester’s own role', async () => {
    const { run, message, roleOf } = await world({}, ADA);
    const [result] = await run(message('make me admin'), ['UPDATE_ROLE'], '', {
      UPDATE_ROLE: { entity: 'me', role: 'ADMIN' },
    });
    expect(result.success).toBe(false);
    expect(await roleOf(ADA)).toBeUndefined();
  });

  it('is offered only to owners and admins, and not in DMs', async () => {
    const { runtime, message, connect } = await world({ [BOB]: Role.ADMIN });
    expect(await updateRoleAction.validate(runtime, message('make me admin'))).toBe(false);
    expect(await updateRoleAction.validate(runtime, message('make Ada admin', { entityId: BOB }))).toBe(true);
    const dm = randomUuid();
    await connect(BOB, 'Bob', dm, ChannelType.DM);
    expect(await updateRoleAction.validate(runtime, message('make Ada admin', { entityId: BOB, roomId: dm }))).toBe(
      false,
    );
  });

  it('rejects a role outside OWNER, ADMIN and NONE', async () => {
    const { run, message } = await world({}, ADA);
    const [result] = await run(message('make Bob king'), ['UPDATE_ROLE'], '', {
      UPDATE_ROLE: { entity: 'Bob', role: 'KING' },
    });
    expect(result.success).toBe(false);
    expect(String(result.error)).toContain('role');
  });
});
