import {
  ChannelType,
  composePromptFromState,
  messageHandlerTemplate,
  randomUuid,
  shouldRespondTemplate,
  type WorldSettings,
} from '@kith/core';
import { scriptedReply, type ScriptedModelCall } from '@kith/core/test';
import { ADA, createHarness, setWorldMetadata } from './testing/bootstrap-harness';
import { defaultLikeCharacter } from './testing/default-character';
import { bootstrapActions } from './actions';
import { actionLine } from './providers/actions';
import { DEFAULT_PROMPT_ROTATION_TURNS } from './providers/room-turns';

const PROMPT_BUDGET = 8_000;

const SETTINGS: WorldSettings = {
  SERVER_NAME: {
    name: 'Server name',
    description: 'What the community is called',
    usageDescription: 'What should I call this server?',
    value: null,
    required: true,
  },
  WELCOME: {
    name: 'Welcome message',
    description: 'Greeting for newcomers',
    usageDescription: 'How should I greet newcomers?',
    value: null,
    required: false,
  },
  MOD_CHANNEL: {
    name: 'Moderation channel',
    description: 'Where reports go',
    usageDescription: 'Which channel should get reports?',
    value: null,
    required: true,
  },
};

const LINES = [
  'I have been thinking about moving to a smaller town next year, away from all this noise.',
  'That sounds like a big change. What draws you to a smaller town: the quiet, or the cost?',
  'Mostly the quiet, honestly. And I would like a garden with space for tomatoes and beans.',
  'A garden is a good reason. Have you grown vegetables before, or would this be the first time?',
];

/** The heaviest ordinary DM turn: 20 messages of history, onboarding, a pending choice, an IMAGE model. */
async function heavyDmTurn() {
  const harness = await createHarness({ character: defaultLikeCharacter, script: () => scriptedReply(LINES[1]) });
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
    metadata: {
      options: [
        { name: 'post', description: 'Publish now' },
        { name: 'cancel', description: 'Drop it' },
      ],
    },
  });
  for (let i = 0; i < 20; i++) {
    await runtime.createMemory(
      message(LINES[i % LINES.length], { roomId: dm, entityId: i % 2 ? runtime.agentId : ADA, createdAt: 1_000 + i }),
      'messages',
    );
  }
  return { ...harness, dm };
}

describe('message-handler prompt of the default character', () => {
  it(`stays under ${PROMPT_BUDGET} characters on heavy DM turns with the core actions, to the end of a rotation block`, async () => {
    const { runtime, model, dm, message, callback } = await heavyDmTurn();
    await runtime.messageService!.handleMessage(
      runtime,
      message('What would you plant first?', { roomId: dm }),
      callback,
    );
    const [call] = model.callsOf('TEXT_LARGE');
    expect(call.prompt).toContain('# Pending Choices');
    expect(call.prompt).toContain('# Onboarding');
    expect(call.prompt).toContain('- GENERATE_IMAGE:');
    expect(call.prompt).toContain('# Received Message\nAda: What would you plant first?');
    // The conversation window grows through the block (two long messages a turn): its last turn is the heaviest.
    for (let turn = 1; turn < DEFAULT_PROMPT_ROTATION_TURNS; turn++)
      await runtime.messageService!.handleMessage(
        runtime,
        message(LINES[(turn * 2) % LINES.length], { roomId: dm }),
        callback,
      );
    const prompts = model.callsOf('TEXT_LARGE').map((c) => c.prompt);
    expect(prompts).toHaveLength(DEFAULT_PROMPT_ROTATION_TURNS);
    prompts.forEach((prompt) => expect(prompt.length).toBeLessThan(PROMPT_BUDGET));
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
    const state = await runtime.composeState(message('hello', { roomId: dm }), dynamic);
    for (const name of [
      'agentName',
      'providers',
      'actionNames',
      'recentMessages',
      'relevantKnowledge',
      'characterBio',
      'messageText',
      'userName',
      'roomId',
      'worldContext',
      'isNewUser',
      'hasAttachments',
    ]) {
      expect([name, state.values[name]]).not.toEqual([name, undefined]);
    }
    const template =
      '{{agentName}}|{{userName}}|{{messageText}}|{{roomId}}|{{#if isNewUser}}new{{else}}known{{/if}}|{{#if hasAttachments}}att{{else}}none{{/if}}';
    expect(composePromptFromState({ state, template })).toBe(`Eliza|Ada|hello|${dm}|known|none`);
    expect(String(state.values.worldContext)).toContain('# World:');
  });

  it('keeps the should-respond prompt of a group turn small as well', async () => {
    const { runtime, message } = await createHarness({ character: defaultLikeCharacter });
    const state = await runtime.composeState(message('anyone around?'), [
      'ANXIETY',
      'ENTITIES',
      'CHARACTER',
      'RECENT_MESSAGES',
      'ACTIONS',
    ]);
    expect(composePromptFromState({ state, template: shouldRespondTemplate }).length).toBeLessThan(PROMPT_BUDGET);
    expect(composePromptFromState({ state, template: messageHandlerTemplate }).length).toBeLessThan(PROMPT_BUDGET);
  });
});

/** The average identical-prefix share of consecutive prompts of one purpose (bench/pipeline.js's promptPrefixShare). */
function prefixShare(calls: ScriptedModelCall[], purpose: string): number {
  const prompts = calls.filter((call) => call.params.hints?.purpose === purpose).map((call) => call.prompt);
  let sum = 0;
  for (let i = 1; i < prompts.length; i++) {
    const [before, after] = [prompts[i - 1], prompts[i]];
    let same = 0;
    while (same < Math.min(before.length, after.length) && before[same] === after[same]) same++;
    sum += same / after.length;
  }
  return sum / Math.max(1, prompts.length - 1);
}

describe('prompt layout for provider prompt caches', () => {
  it('puts what stays the same across turns first and what changes last', async () => {
    const { runtime, model, dm, message, callback } = await heavyDmTurn();
    await runtime.createMemory(message('Ada keeps bees.', { roomId: dm, entityId: runtime.agentId }), 'facts');
    await runtime.messageService!.handleMessage(
      runtime,
      message('What would you plant first?', { roomId: dm }),
      callback,
    );
    const prompt = model.callsOf('TEXT_LARGE')[0].prompt;
    const order = [
      '<task>',
      '<instructions>',
      '<output>',
      '<actionNames>',
      '# Available Actions',
      '# Extra Context',
      '# System',
      '# About Eliza',
      '# Guidance',
      '# People in the Room',
      '# Onboarding',
      '# Conversation Messages',
      '# Pending Choices',
      '# Facts Eliza knows',
      '# Time',
      '# Received Message\nAda: What would you plant first?',
    ].map((section) => [section, prompt.indexOf(section)] as const);
    order.forEach(([section, at]) => expect([section, at >= 0]).toEqual([section, true]));
    expect(order.map(([section]) => section)).toEqual(
      [...order].sort((a, b) => a[1] - b[1]).map(([section]) => section),
    );
  });

  it('gives consecutive message-handler prompts of a DM an identical prefix of at least 85% on average', async () => {
    const { runtime, model, connect, message, callback } = await createHarness({
      character: defaultLikeCharacter,
      script: () => scriptedReply('Tell me more.'),
    });
    const dm = randomUuid();
    await connect(ADA, 'Ada', dm, ChannelType.DM);
    for (let i = 0; i < 40; i++)
      await runtime.messageService!.handleMessage(
        runtime,
        message(`Line ${i} of what I wanted to say about my garden.`, { roomId: dm }),
        callback,
      );
    expect(prefixShare(model.calls, 'messageHandler')).toBeGreaterThanOrEqual(0.85);
    model.calls.forEach((call) => expect(call.prompt.length).toBeLessThan(PROMPT_BUDGET));
  });

  it('does the same for the should-respond prompts of a group', async () => {
    const script = (_prompt: string, type: string) =>
      type === 'TEXT_SMALL'
        ? '<response><name>Eliza</name><reasoning>r</reasoning><action>RESPOND</action></response>'
        : scriptedReply('Tell me more.');
    const { runtime, model, message, callback } = await createHarness({
      character: defaultLikeCharacter,
      script,
      settings: { REFLECTION_INTERVAL: '0' },
    });
    for (let i = 0; i < 40; i++)
      await runtime.messageService!.handleMessage(
        runtime,
        message(`Line ${i}: does anyone know a good seed shop?`),
        callback,
      );
    expect(prefixShare(model.calls, 'shouldRespond')).toBeGreaterThanOrEqual(0.85);
    expect(prefixShare(model.calls, 'messageHandler')).toBeGreaterThanOrEqual(0.85);
  });
});
