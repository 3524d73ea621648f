import {
  ChannelType,
  composePromptFromState,
  defaultTemplates,
  parseJSONObjectFromText,
  parseJsonArrayFromText,
  parseKeyValueXml,
  randomUuid,
  type Content,
  type GenerateTextParams,
  type IAgentRuntime,
  type Memory,
  type Plugin,
  type TemplateName,
  type UUID,
} from '@kith/core';
import { createTestRuntime, testCharacter } from '@kith/core/test';
import { bootstrapPlugin } from '@kith/plugin-bootstrap';
import { ElizaEngine } from '../doctor/eliza-engine';
import { elizaClassicPlugin } from '../plugin';
import { elizaTextHandler } from './eliza-text-handler';

/**
 * Every default template as a character might reword it: none of the
 * wording the offline model once looked for, and each one carrying another
 * template's marker as a decoy, so reading the prompt would answer the
 * wrong question. The variables stay, so the model still sees the same
 * information.
 */
const REWORDED: Record<TemplateName, string> = {
  shouldRespondTemplate: `Background for {{agentName}}:\n{{providers}}\nIs this worth a word from {{agentName}}? (Not a <post>, and not a JSON array.) Use the usual reply format.`,
  messageHandlerTemplate: `You play {{agentName}}. Moves on offer: {{actionNames}}.\n{{providers}}\nWhat does {{agentName}} do next? No <facts>, no JSON object, no RESPOND | IGNORE | STOP. Usual reply format.`,
  reflectionTemplate: `People here: {{entitiesInRoom}}\nAlready noted: {{knownFacts}}\nLog:\n{{recentMessages}}\nAnything new worth keeping about them? (Not a JSON object.) Usual reply format.`,
  evaluationTemplate: `Checks on offer:\n{{evaluators}}\nLog:\n{{recentMessages}}\nWhich checks should {{agentName}} run? Mind the <actions> you took. Give their names as a list.`,
  extractParametersTemplate: `Fill in what {{actionName}} needs ({{parameterSchema}}) from this log:\n{{recentMessages}}\nNo <post> please: names and values only.`,
  postCreationTemplate: `{{providers}}\n{{agentName}} shares a thought with followers, {{adjective}} in tone. Skip the <actions>; usual format.`,
  imageDescriptionTemplate: `Tell {{agentName}} what the picture shows, then a JSON array of tags.`,
  continueTemplate: `Keep talking as {{agentName}}.\n{{providers}}`,
};

interface Answer {
  purpose: string | undefined;
  output: string;
}

/** eliza-classic with its text handlers recorded: what each pipeline call got back. */
function recordedElizaClassic(answers: Answer[]): Plugin {
  const recorded = async (runtime: IAgentRuntime, params: GenerateTextParams) => {
    const output = await elizaTextHandler(runtime, params);
    answers.push({ purpose: params.hints?.purpose, output });
    return output;
  };
  return {
    ...elizaClassicPlugin,
    models: { ...elizaClassicPlugin.models, TEXT_SMALL: recorded, TEXT_LARGE: recorded },
  };
}

const ADA = '11111111-1111-4111-8111-111111111111' as UUID;

async function agent(settings: Record<string, string> = {}) {
  const answers: Answer[] = [];
  const runtime = await createTestRuntime({
    // An agent id of its own: the DOCTOR's conversation state is kept per agent and speaker, process-wide.
    character: { ...testCharacter, id: randomUuid(), name: 'Eliza', topics: ['gardening'], templates: { ...REWORDED } },
    plugins: [bootstrapPlugin, recordedElizaClassic(answers)],
    settings: { REFLECTION_INTERVAL: '1', EVALUATOR_SELECTION: 'llm', ...settings },
  });
  const replies: Content[] = [];
  const room = async (type: ChannelType) => {
    const roomId = randomUuid();
    await runtime.ensureConnection({
      entityId: ADA,
      roomId,
      name: 'Ada',
      userName: 'ada',
      source: 'test',
      type,
      serverId: 'srv',
    });
    return roomId;
  };
  const send = async (roomId: UUID, text: string) => {
    const message: Memory = {
      id: randomUuid(),
      entityId: ADA,
      agentId: runtime.agentId,
      roomId,
      content: { text, source: 'test' },
      createdAt: Date.now(),
    };
    await runtime.messageService!.handleMessage(runtime, message, async (content) => {
      replies.push(content);
      return [];
    });
    await runtime.messageService!.whenIdle!();
    return message;
  };
  const of = (purpose: string) => answers.filter((answer) => answer.purpose === purpose).map((answer) => answer.output);
  return { runtime, answers, replies, room, send, of };
}

describe('the DOCTOR with every default template reworded by the character', () => {
  it('rewords all of them, keeping none of the wording the prompt reader looks for', () => {
    expect(Object.keys(REWORDED).sort()).toEqual(Object.keys(defaultTemplates).sort());
    for (const template of Object.values(REWORDED))
      expect(template).not.toMatch(/Generate dialog and actions|<response>|Received Message/);
  });

  it('messageHandlerTemplate: answers a DM with the DOCTOR reply (reflection and evaluator selection still get their formats)', async () => {
    const { replies, room, send, of } = await agent();
    await send(await room(ChannelType.DM), 'I am unhappy about my job');
    expect(replies.map((reply) => reply.text)).toEqual([new ElizaEngine().respond('I am unhappy about my job')]);
    const [handled] = of('messageHandler');
    expect(parseKeyValueXml(handled)?.actions).toEqual(['REPLY']);
    // evaluationTemplate and reflectionTemplate, after the reply.
    expect(of('evaluation').map((output) => parseJsonArrayFromText(output))).toEqual([[]]);
  });

  it('reflectionTemplate: an empty reflection, not a reply', async () => {
    const { room, send, of } = await agent({ EVALUATOR_SELECTION: '' });
    await send(await room(ChannelType.DM), 'My brother is a doctor');
    const [reflection] = of('reflection');
    expect(parseKeyValueXml(reflection)).toMatchObject({ facts: '', relationships: '' });
    expect(reflection).not.toContain('<actions>');
  });

  it('shouldRespondTemplate: RESPOND in a group, STOP when asked to be quiet (the room is muted)', async () => {
    const { runtime, replies, room, send, of } = await agent({ REFLECTION_INTERVAL: '0', EVALUATOR_SELECTION: '' });
    const group = await room(ChannelType.GROUP);
    await send(group, 'My mother takes care of me');
    expect(of('shouldRespond').map((output) => parseKeyValueXml(output)?.action)).toEqual(['RESPOND']);
    expect(replies.map((reply) => reply.text)).toEqual([new ElizaEngine().respond('My mother takes care of me')]);
    await send(group, 'please be quiet');
    expect(of('shouldRespond').map((output) => parseKeyValueXml(output)?.action)).toEqual(['RESPOND', 'STOP']);
    expect(replies.map((reply) => reply.actions)).toEqual([['REPLY'], ['IGNORE']]);
    expect(await runtime.getParticipantUserState(group, runtime.agentId)).toBe('MUTED');
  });

  it('extractParametersTemplate: an empty JSON object for parameters the DOCTOR cannot fill', async () => {
    const { runtime, room, of } = await agent({ REFLECTION_INTERVAL: '0', EVALUATOR_SELECTION: '' });
    const roomId = await room(ChannelType.DM);
    const message: Memory = { id: randomUuid(), entityId: ADA, roomId, content: { text: 'tell Bob hello' } };
    const response: Memory = {
      id: randomUuid(),
      entityId: runtime.agentId,
      roomId,
      content: { text: '', actions: ['SEND_MESSAGE'], thought: 't' },
    };
    await runtime.processActions(message, [response], await runtime.composeState(message), async () => []);
    expect(of('extractParameters').map((output) => parseJSONObjectFromText(output))).toEqual([{}]);
  });

  it("postCreationTemplate: a post about one of the character's topics", async () => {
    const { runtime, of } = await agent();
    const posts: Content[] = [];
    await runtime.emitEvent('POST_GENERATED', {
      roomId: randomUuid(),
      source: 'test',
      callback: async (content: Content) => {
        posts.push(content);
        return [];
      },
    });
    const parsed = parseKeyValueXml(of('post')[0]);
    expect(String(parsed?.post).length).toBeGreaterThan(0);
    expect(String(parsed?.thought)).toContain('gardening');
    expect(posts.map((post) => post.text)).toEqual([String(parsed?.post)]);
  });

  it('imageDescriptionTemplate: never reaches the DOCTOR, which serves no IMAGE_DESCRIPTION', () => {
    expect(elizaClassicPlugin.models).not.toHaveProperty('IMAGE_DESCRIPTION');
  });

  it('continueTemplate (no pipeline call site): a plain prompt without hints still gets the DOCTOR reply to its received message', async () => {
    const { runtime, room } = await agent();
    const roomId = await room(ChannelType.DM);
    const message: Memory = { id: randomUuid(), entityId: ADA, roomId, content: { text: 'I dreamed about my father' } };
    const prompt = composePromptFromState({
      state: await runtime.composeState(message),
      template: REWORDED.continueTemplate,
    });
    const parsed = parseKeyValueXml(await runtime.useModel('TEXT_LARGE', { prompt }));
    expect(parsed?.text).toBe(new ElizaEngine().respond('I dreamed about my father'));
  });
});
