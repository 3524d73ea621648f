import { ChannelType, ContentType, Role, randomUuid } from '@kith/core';
import { ADA, BOB, createHarness, setWorldMetadata } from '../testing/bootstrap-harness';
import { attachmentsProvider } from './attachments';
import { capabilitiesProvider } from './capabilities';
import { entitiesProvider } from './entities';
import { evaluatorsProvider } from './evaluators';
import { providersProvider } from './providers';
import { relationshipsProvider } from './relationships';
import { rolesProvider } from './roles';
import { worldProvider } from './world';

const EMPTY = { values: {}, data: {}, text: '' };

describe('context providers', () => {
  it('ENTITIES lists who is in the room with what is known about them', async () => {
    const { runtime, message, worldId, roomId } = await createHarness();
    await runtime.createComponent({
      id: randomUuid(),
      entityId: BOB,
      agentId: runtime.agentId,
      roomId,
      worldId,
      sourceEntityId: ADA,
      type: 'contact',
      createdAt: 1,
      data: { email: 'bob@example.com' },
    });
    const result = await entitiesProvider.get(runtime, message('hi'), EMPTY);
    expect(result.text).toContain(`- Ada aka ada [${ADA}]`);
    expect(result.text).toContain(`- Bob aka bob [${BOB}]: email=bob@example.com`);
    expect(result.text).toContain('(you)');
  });

  it('RELATIONSHIPS lists the sender’s relationships, most interactions first', async () => {
    const { runtime, message } = await createHarness();
    const cy = randomUuid();
    await runtime.createEntity({ id: cy, names: ['Cy'], agentId: runtime.agentId });
    await runtime.createRelationship({
      sourceEntityId: ADA,
      targetEntityId: cy,
      tags: ['colleague'],
      metadata: { interactions: 2 },
    });
    await runtime.createRelationship({
      sourceEntityId: BOB,
      targetEntityId: ADA,
      tags: ['friend', 'dm_interaction'],
      metadata: { interactions: 7 },
    });
    const result = await relationshipsProvider.get(runtime, message('hi'), EMPTY);
    expect(result.text).toBe(
      '# Relationships of Ada\n- Bob: friend, dm_interaction (7 interactions)\n- Cy: colleague (2 interactions)',
    );
    const none = await relationshipsProvider.get(runtime, message('hi', { entityId: randomUuid() }), EMPTY);
    expect(none.text).toBeUndefined();
  });

  it('WORLD describes the world, its rooms and members, and fills worldContext', async () => {
    const { runtime, message, worldId } = await createHarness();
    await runtime.createRooms([{ id: randomUuid(), name: 'random', source: 'test', type: ChannelType.GROUP, worldId }]);
    const result = await worldProvider.get(runtime, message('hi'), EMPTY);
    expect(result.values?.worldContext).toBe(result.text);
    expect(result.text).toContain('Other rooms: random (GROUP)');
    expect(result.text).toMatch(/Members here: .*Ada.*Bob/);
  });

  it('ROLES names owners and admins and the sender’s role', async () => {
    const { runtime, message, worldId } = await createHarness();
    await setWorldMetadata(runtime, worldId, { ownership: { ownerId: BOB }, roles: { [ADA]: Role.ADMIN } });
    const result = await rolesProvider.get(runtime, message('hi'), EMPTY);
    expect(result.text).toContain(`Owners: Bob [${BOB}]`);
    expect(result.text).toContain(`Admins: Ada [${ADA}]`);
    expect(result.values?.senderRole).toBe(Role.ADMIN);
  });

  it('ATTACHMENTS shows this message’s and the last hour’s attachments with their descriptions', async () => {
    const { runtime, message } = await createHarness();
    const doc = {
      id: 'd1',
      url: 'https://x.test/notes.txt',
      title: 'Notes',
      text: 'buy milk',
      contentType: ContentType.DOCUMENT,
    };
    await runtime.createMemory(message('earlier', { content: { text: 'earlier', attachments: [doc] } }), 'messages');
    const photo = {
      id: 'p1',
      url: 'https://x.test/p.png',
      title: 'Photo',
      description: 'a red bicycle',
      contentType: ContentType.IMAGE,
    };
    const result = await attachmentsProvider.get(
      runtime,
      message('look', { content: { text: 'look', attachments: [photo] } }),
      EMPTY,
    );
    expect(result.text).toContain('- Photo [p1] image: https://x.test/p.png\n  Description: a red bicycle');
    expect(result.text).toContain('  Text: buy milk');
    expect(result.values?.hasAttachments).toBe(true);
  });

  it('CAPABILITIES lists the services’ capability descriptions and the model types', async () => {
    const { runtime, message } = await createHarness();
    const result = await capabilitiesProvider.get(runtime, message('hi'), EMPTY);
    expect(result.text).toMatch(/^- task: .+/m);
    expect(result.text).toContain('- models: TEXT_SMALL, TEXT_LARGE');
  });

  it('PROVIDERS names the dynamic providers, never the private ones', async () => {
    const { runtime, message } = await createHarness();
    const result = await providersProvider.get(runtime, message('hi'), EMPTY);
    for (const name of [
      'ANXIETY',
      'ENTITIES',
      'RELATIONSHIPS',
      'WORLD',
      'ATTACHMENTS',
      'CAPABILITIES',
      'FACTS',
      'ROLES',
    ])
      expect(result.text).toContain(`${name} (`);
    expect(result.text).not.toContain('EVALUATORS');
    expect(result.text).not.toContain('RECENT_MESSAGES');
  });

  it('EVALUATORS is private and describes REFLECTION with its example', async () => {
    const { runtime, message } = await createHarness();
    const state = await runtime.composeState(message('hi'));
    expect(state.data.providers?.EVALUATORS).toBeUndefined();
    const result = await evaluatorsProvider.get(runtime, message('hi'), EMPTY);
    expect(result.values?.evaluatorNames).toBe('REFLECTION');
    expect(result.text).toContain('# Evaluator Examples');
  });
});
