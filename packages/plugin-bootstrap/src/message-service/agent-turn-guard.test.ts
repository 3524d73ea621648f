import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentRuntime, ChannelType, type Content, createLogger, type Memory, stringToUuid } from '@kith/core';
import { createScriptedModel, createScriptedModelPlugin, scriptedReply, testCharacter } from '@kith/core/test';
import { createDatabaseAdapter } from '@kith/plugin-sql';
import { bootstrapPlugin } from '../plugin';

const EAGER_SMALL = '<response><reasoning>worth answering</reasoning><action>RESPOND</action></response>';

/** An agent on the shared SQLite folder, reached through a connector; its model always wants to answer. */
async function connectedAgent(dataDir: string, name: string, settings: Record<string, string> = {}) {
  const model = createScriptedModel((_prompt, type) =>
    type === 'TEXT_LARGE' ? scriptedReply(`${name} answers.`) : EAGER_SMALL,
  );
  const agentId = stringToUuid(`guard-test-${name}`);
  const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'silent' });
  const runtime = new AgentRuntime({
    character: { ...structuredClone(testCharacter), name },
    agentId,
    plugins: [bootstrapPlugin, createScriptedModelPlugin(model, { embeddingDims: 384 })],
    adapter: createDatabaseAdapter({ dataDir, logger }, agentId),
    settings,
    logger,
  });
  await runtime.initialize();
  return { runtime, model };
}

/** A platform message as a connector hands it to one agent: its room is the agent's own room of the platform channel. */
async function platformMessage(
  runtime: AgentRuntime,
  text: string,
  author: { id: string; bot: boolean },
  platformId: string,
): Promise<Memory> {
  const roomId = stringToUuid(`${runtime.agentId}:discord-channel-1`);
  const entityId = stringToUuid(`${runtime.agentId}:discord-user:${author.id}`);
  await runtime.ensureConnection({
    entityId,
    roomId,
    name: author.id,
    userName: author.id,
    source: 'discord',
    type: ChannelType.GROUP,
    channelId: 'discord-channel-1',
    serverId: 'discord-guild-1',
  });
  return {
    id: stringToUuid(`${runtime.agentId}:discord-message:${platformId}`),
    entityId,
    roomId,
    content: { text, source: 'discord', channelType: ChannelType.GROUP },
    metadata: { type: 'message', isBot: author.bot },
    createdAt: Date.now(),
  };
}

describe('AgentTurnGuard: agents in one platform channel through connectors', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-guard-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("shares one turn budget between the agents' rooms of one platform channel; a person's message opens a new one", async () => {
    const settings = { MAX_AGENT_TURNS: '3' };
    const ada = await connectedAgent(dir, 'Ada', settings);
    const bo = await connectedAgent(dir, 'Bo', settings);
    const spoken: Content[] = [];
    const say = async (agent: AgentRuntime, message: Memory) =>
      agent.messageService!.handleMessage(agent, message, async (content) => {
        if (!content.actions?.includes('IGNORE')) spoken.push(content);
        return [];
      });

    // A person speaks; both agents answer. No agent has been heard in this channel yet: nothing is counted.
    await say(ada.runtime, await platformMessage(ada.runtime, 'hello both', { id: 'pat', bot: false }, 'p1'));
    await say(bo.runtime, await platformMessage(bo.runtime, 'hello both', { id: 'pat', bot: false }, 'p1'));
    expect(spoken).toHaveLength(2);
    // Each hears the other's bot messages: from here on every turn takes one of the channel's three.
    await say(ada.runtime, await platformMessage(ada.runtime, 'Bo answers.', { id: 'bo-bot', bot: true }, 'b1'));
    await say(bo.runtime, await platformMessage(bo.runtime, 'Ada answers.', { id: 'ada-bot', bot: true }, 'a1'));
    await say(ada.runtime, await platformMessage(ada.runtime, 'Bo again.', { id: 'bo-bot', bot: true }, 'b2'));
    expect(spoken).toHaveLength(5);
    const callsBefore = bo.model.calls.length;
    const spent = await say(
      bo.runtime,
      await platformMessage(bo.runtime, 'Ada again.', { id: 'ada-bot', bot: true }, 'a2'),
    );
    // Past the limit the agent stays silent without asking its model.
    expect(spent.mode).toBe('ignored');
    expect(spent.responseContent?.thought).toContain('MAX_AGENT_TURNS');
    expect(bo.model.calls.length).toBe(callsBefore);
    expect(spoken).toHaveLength(5);

    // A person's message in either agent's room opens a new budget.
    await say(bo.runtime, await platformMessage(bo.runtime, 'go on', { id: 'pat', bot: false }, 'p2'));
    expect(spoken).toHaveLength(6);
    await ada.runtime.stop();
    await bo.runtime.stop();
  }, 30_000);
});
