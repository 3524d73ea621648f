import { ChannelType, composePromptFromState, messageHandlerTemplate, randomUuid, shouldRespondTemplate, type UUID, type WorldSettings } from '@kith/core';
import { scriptedReply } from '@kith/core/test';
import { ADA, createHarness, setWorldMetadata } from './__fixtures__/bootstrap-harness';
import { defaultLikeCharacter } from './__fixtures__/default-character';
import { bootstrapActions } from './actions';
import { actionLine } from './providers/actions';

const PROMPT_BUDGET = 8_000;

const SETTINGS: WorldSettings = {
  SERVER_NAME: { name: 'Server name', description: 'What the community is called', usageDescription: 'What should I call this server?', value: null, required: true },
  WELCOME: { name: 'Welcome message', description: 'Greeting for newcomers', usageDescription: 'How should I greet newcomers?', value: null, required: false },
  MOD_CHANNEL: { name: 'Moderation channel', description: 'Where reports go', usageDescription: 'Which channel should get reports?', value: null, required: true },
};

const LINES = [
  'I have been thinking about moving to a smaller town next year, away from all this noise.',
  'That sounds like a big change. What draws you to a smaller town: the quiet, or the cost?',
  'Mostly the quiet, honestly. And I would like a garden with space for tomatoes and beans.',
  'A garden is a good reason. Have you grown vegetables before, or would this be the first time?',
];

/** The heaviest ordinary DM turn: 20 messages of history, onboarding, a pending choice, an IMAGE model. */
async function heavyDmTurn() {
  const harness = await createHarness({ character: defaultLikeCharacter, script: () => scriptedReply('Tell me more.') });
  const { runtime, connect, message, worldId } = harness;
  runtime.registerModel('IMAGE', async () => [{ url: 'https://images.test/x.png' }], 'test-images');
  const dm = randomUuid();
  await connect(ADA, 'Ada', dm, ChannelType.DM);
  await setWorldMetadata(runtime, worldId, { ownership: { ownerId: ADA }, settings: SETTINGS });
  await runtime.createTask({
    name: 'PUBLISH_POST',
    description: 'Publish the drafted post?',
    roomId: dm,
    entityId: ADA,
    tags: ['AWAITING_CHOICE'],
    metadata: { options: [{ name: 'post', description: 'Publish now' }, { name: 'cancel', description: 'Drop it' }] },
  });
  for (let i = 0; i < 20; i++) {
    await runtime.createMemory(message(LINES[i % LINES.length], { roomId: dm, entityId: i % 2 ? runtime.agentId : ADA, createdAt: 1_000 + i }), 'messages');
  }
  return { ...harness, dm };
}

describe('message-handler prompt of the default character', () => {
  it(`stays under ${PROMPT_BUDGET} characters on a heavy DM turn with the core actions`, async () => {
    const { runtime, model, dm, message, callback } = await heavyDmTurn();
    await runtime.messageService!.handleMessage(runtime, message('What would you plant first?', { roomId: dm as UUID }), callback);
    const [call] = model.callsOf('TEXT_LARGE');
    expect(call.prompt).toContain('# Pending Choices');
    expect(call.prompt).toContain('# Onboarding');
    expect(call.prompt).toContain('- GENERATE_IMAGE:');
    expect(call.prompt).toContain('# Received Message\nAda: What would you plant first?');
    expect(call.prompt.length).toBeLessThan(PROMPT_BUDGET);
  });

  it('keeps the 13 action lines themselves short', () => {
    expect(bootstrapActions).toHaveLength(13);
    const lines = bootstrapActions.map(actionLine);
    lines.forEach((line) => expect(line).not.toContain('\n'));
    expect(lines.join('\n').length).toBeLessThan(1_800);
  });

  it('fills every template variable of the reference table, plus isNewUser and hasAttachments', async () => {
    const { runtime, dm, message } = await heavyDmTurn();
    const dynamic = runtime.providers.filter((p) => p.dynamic).map((p) => p.name);
    const state = await runtime.composeState(message('hello', { roomId: dm as UUID }), dynamic);
    for (const name of ['agentName', 'providers', 'actionNames', 'recentMessages', 'relevantKnowledge', 'characterBio', 'messageText', 'userName', 'roomId', 'worldContext', 'isNewUser', 'hasAttachments']) {
      expect([name, state.values[name]]).not.toEqual([name, undefined]);
    }
    const template = '{{agentName}}|{{userName}}|{{messageText}}|{{roomId}}|{{#if isNewUser}}new{{else}}known{{/if}}|{{#if hasAttachments}}att{{else}}none{{/if}}';
    expect(composePromptFromState({ state, template })).toBe(`Eliza|Ada|hello|${dm}|known|none`);
    expect(String(state.values.worldContext)).toContain('# World:');
  });

  it('keeps the should-respond prompt of a group turn small as well', async () => {
    const { runtime, message } = await createHarness({ character: defaultLikeCharacter });
    const state = await runtime.composeState(message('anyone around?'), ['ANXIETY', 'ENTITIES', 'CHARACTER', 'RECENT_MESSAGES', 'ACTIONS']);
    expect(composePromptFromState({ state, template: shouldRespondTemplate }).length).toBeLessThan(PROMPT_BUDGET);
    expect(composePromptFromState({ state, template: messageHandlerTemplate }).length).toBeLessThan(PROMPT_BUDGET);
  });
});
