import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentRuntime, stringToUuid, type UUID } from '@kith/core';
import { createScriptedModel, createScriptedModelPlugin, scriptedReply, testCharacter } from '@kith/core/test';
import { bootstrapPlugin } from '@kith/plugin-bootstrap';
import { createDatabaseAdapter, sqlPlugin } from '@kith/plugin-sql';
import { http } from '../testing/http-client';
import { silentLogger } from '../testing/test-agent';
import { startTestServer } from '../testing/test-server';

interface ChannelMessageView {
  id: string;
  authorId: string;
  authorName: string;
  authorKind: 'person' | 'agent';
  text: string;
  inReplyTo: string | null;
  createdAt: number;
}

/** An agent on the shared SQLite folder whose model always wants to answer. */
async function eagerAgent(dataDir: string, name: string) {
  let said = 0;
  const model = createScriptedModel((_prompt, type) =>
    type === 'TEXT_LARGE'
      ? scriptedReply(`${name} says thing ${++said}.`)
      : '<response><reasoning>I always have something to add.</reasoning><action>RESPOND</action></response>',
  );
  const agentId = stringToUuid(`channel-test-${name}`);
  const logger = silentLogger();
  const runtime = new AgentRuntime({
    character: { ...structuredClone(testCharacter), name },
    agentId,
    plugins: [sqlPlugin, bootstrapPlugin, createScriptedModelPlugin(model, { embeddingDims: 384 })],
    adapter: createDatabaseAdapter({ dataDir, logger }, agentId),
    logger,
  });
  await runtime.initialize();
  return { runtime, model, agentId };
}

/** The channel's whole log, once nothing has been added to it for `quietMs`. */
async function settledLog(url: string, channelId: string, quietMs = 600): Promise<ChannelMessageView[]> {
  let last = -1;
  let stableSince = Date.now();
  for (let waited = 0; waited < 20_000; waited += 50) {
    const { body } = await http(url, `/api/channels/${channelId}/messages?limit=200`);
    const count = (body.messages as ChannelMessageView[]).length;
    if (count !== last) {
      last = count;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= quietMs) return body.messages as ChannelMessageView[];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the channel did not settle');
}

describe('channels: several agents and a person', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-channels-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('three eager agents: each answers the person, they answer each other, at most MAX_AGENT_TURNS, never themselves or twice', async () => {
    const agents = [await eagerAgent(dir, 'Ada'), await eagerAgent(dir, 'Brook'), await eagerAgent(dir, 'Cyd')];
    const { server, url } = await startTestServer({ agents: agents.map((agent) => agent.runtime) });
    try {
      const created = await http(url, '/api/channels', {
        body: { name: 'panel', agentIds: agents.map((agent) => agent.agentId), maxAgentTurns: 6 },
      });
      expect(created.status).toBe(201);
      const channelId = created.body.channelId as UUID;
      expect(created.body.channel).toMatchObject({ name: 'panel', maxAgentTurns: 6 });

      const posted = await http(url, `/api/channels/${channelId}/messages`, {
        body: { text: 'What makes a good life?', userName: 'Pat' },
      });
      expect(posted.status).toBe(202);
      const personMessage = posted.body.messageId as string;
      const log = await settledLog(url, channelId);

      const agentIds = new Set<string>(agents.map((agent) => agent.agentId));
      const agentMessages = log.filter((m) => m.authorKind === 'agent');
      expect(log[0]).toMatchObject({ id: personMessage, authorKind: 'person', authorName: 'Pat', inReplyTo: null });
      // Every agent answered the person.
      expect(new Set(agentMessages.filter((m) => m.inReplyTo === personMessage).map((m) => m.authorId))).toEqual(
        agentIds,
      );
      // At least one answered another agent; the turn limit held.
      expect(agentMessages.some((m) => m.inReplyTo !== personMessage)).toBe(true);
      expect(agentMessages.length).toBeLessThanOrEqual(6);
      const byId = new Map(log.map((m) => [m.id, m]));
      for (const m of agentMessages) {
        expect(agentIds.has(m.authorId)).toBe(true);
        // None answered itself.
        expect(byId.get(m.inReplyTo as string)?.authorId).not.toBe(m.authorId);
      }
      // None answered one message twice.
      const pairs = agentMessages.map((m) => `${m.authorId}>${m.inReplyTo}`);
      expect(new Set(pairs).size).toBe(pairs.length);

      // A second person's message opens a new budget.
      const second = await http(url, `/api/channels/${channelId}/messages`, {
        body: { text: 'And what about friendship?', userName: 'Pat' },
      });
      expect(second.status).toBe(202);
      const after = (await settledLog(url, channelId)).slice(log.length);
      expect(after[0]).toMatchObject({ id: second.body.messageId, authorKind: 'person' });
      const newAgentMessages = after.filter((m) => m.authorKind === 'agent');
      expect(newAgentMessages.length).toBeGreaterThanOrEqual(3);
      expect(newAgentMessages.length).toBeLessThanOrEqual(6);

      // Each agent's model calls count in its own usage.
      for (const agent of agents) expect(agent.model.calls.length).toBeGreaterThan(0);

      // Cursor paging walks the same log, oldest first.
      const firstPage = await http(url, `/api/channels/${channelId}/messages?limit=2`);
      expect(firstPage.body.messages.map((m: ChannelMessageView) => m.id)).toEqual(log.slice(0, 2).map((m) => m.id));
      const nextPage = await http(
        url,
        `/api/channels/${channelId}/messages?limit=2&cursor=${firstPage.body.nextCursor as string}`,
      );
      expect(nextPage.body.messages.map((m: ChannelMessageView) => m.id)).toEqual(log.slice(2, 4).map((m) => m.id));
    } finally {
      await server.close();
    }
  }, 60_000);

  it('refuses bad channels and messages with clear 4xx errors', async () => {
    const agent = await eagerAgent(dir, 'Solo');
    const { server, url } = await startTestServer({ agents: [agent.runtime] });
    try {
      const none = await http(url, '/api/channels', { body: { agentIds: [] } });
      expect(none.status).toBe(400);
      expect(none.body.error).toMatchObject({ code: 'KITH_REQUEST_INVALID', path: 'body.agentIds' });
      const unknownAgent = await http(url, '/api/channels', { body: { agentIds: [stringToUuid('nobody')] } });
      expect(unknownAgent.status).toBe(404);
      expect(unknownAgent.body.error.code).toBe('KITH_AGENT_NOT_FOUND');
      const missing = stringToUuid('no-such-channel');
      const toMissing = await http(url, `/api/channels/${missing}/messages`, { body: { text: 'hi', userName: 'x' } });
      expect(toMissing.status).toBe(404);
      expect(toMissing.body.error.code).toBe('KITH_RESOURCE_NOT_FOUND');
      const readMissing = await http(url, `/api/channels/${missing}/messages`);
      expect(readMissing.status).toBe(404);

      const { body } = await http(url, '/api/channels', { body: { agentIds: [agent.agentId] } });
      const channelId = body.channelId as string;
      const left = await http(url, `/api/channels/${channelId}/agents/${agent.agentId}`, { method: 'DELETE' });
      expect(left.status).toBe(200);
      expect(left.body.agentIds).toEqual([]);
      // A message to a channel whose agent left: kept in the log, nobody answers.
      const posted = await http(url, `/api/channels/${channelId}/messages`, {
        body: { text: 'anyone?', userName: 'x' },
      });
      expect(posted.status).toBe(202);
      expect(posted.body.agentIds).toEqual([]);
      const log = await http(url, `/api/channels/${channelId}/messages`);
      expect(log.body.messages.map((m: ChannelMessageView) => m.text)).toEqual(['anyone?']);
      const rejoined = await http(url, `/api/channels/${channelId}/agents`, { body: { agentId: agent.agentId } });
      expect(rejoined.body.agentIds).toEqual([agent.agentId]);
      const badCursor = await http(url, `/api/channels/${channelId}/messages?cursor=abc`);
      expect(badCursor.status).toBe(400);
    } finally {
      await server.close();
    }
  }, 30_000);
});
