import type { Memory } from '../types/memory';
import type { UUID } from '../types/primitives';
import { AGENT, ALICE, ANON, BOB, ROOM, entity, roomRuntime } from '../testing/fixtures/world';
import { findEntityByName } from './find-entity-by-name';

const agent = entity(AGENT, ['Eliza']);
const alice = entity(ALICE, ['Alice', 'Alice Smith']);
const bob = entity(BOB, [], { discord: { username: 'bobthebuilder', name: 'Bob' } });
const runtime = roomRuntime({ entities: [agent, alice, bob] });

function from(sender: UUID, text: string): Memory {
  return { entityId: sender, roomId: ROOM, content: { text } };
}

describe('findEntityByName', () => {
  it('finds an entity named in the message, case-insensitively', async () => {
    expect(await findEntityByName(runtime, from(ANON, 'what do you know about alice?'))).toBe(alice);
  });

  it('matches metadata names and @handles', async () => {
    expect(await findEntityByName(runtime, from(ANON, 'ping @bobthebuilder'))).toBe(bob);
    expect(await findEntityByName(runtime, from(ANON, 'Is Bob around'))).toBe(bob);
  });

  it('matches whole words only', async () => {
    expect(await findEntityByName(runtime, from(ANON, 'Bobby and Alicea are here'))).toBeNull();
  });

  it('prefers someone else over the sender and the agent', async () => {
    expect(await findEntityByName(runtime, from(ALICE, 'Eliza, this is Alice: who is Bob?'))).toBe(bob);
  });

  it('returns the sender when only they are named, and the agent last', async () => {
    expect(await findEntityByName(runtime, from(ALICE, 'Alice here, hi Eliza'))).toBe(alice);
    expect(await findEntityByName(runtime, from(ANON, 'hey Eliza'))).toBe(agent);
  });

  it('matches an entity id in the text', async () => {
    expect(await findEntityByName(runtime, from(ANON, `look up ${BOB}`))).toBe(bob);
  });

  it('returns null when nobody is named or the text is empty', async () => {
    expect(await findEntityByName(runtime, from(ANON, 'what is the weather'))).toBeNull();
    expect(await findEntityByName(runtime, from(ANON, ''))).toBeNull();
  });

  it('looks in the message room, without a model call', async () => {
    const rt = roomRuntime({ entities: [alice] });
    await findEntityByName(rt, from(ANON, 'Alice?'));
    expect(rt.getEntitiesForRoom).toHaveBeenCalledWith(ROOM, true);
  });

  it('handles names with regex characters', async () => {
    const odd = entity(ANON, ['C++ (dev)']);
    expect(await findEntityByName(roomRuntime({ entities: [odd] }), from(ALICE, 'ask C++ (dev) please'))).toBe(odd);
  });
});
