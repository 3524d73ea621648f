import { InMemoryDatabaseAdapter } from '../../testing/in-memory-database-adapter';
import type { Plugin } from '../../types/plugin';
import type { IMessageService } from '../../types/messaging';
import { createTestRuntime } from '../../testing/create-test-runtime';
import { DefaultMessageService } from './default-message-service';
import { ElizaOS } from './eliza-os';

const echoPipeline: IMessageService = {
  handleMessage: async (_runtime, message, callback) => {
    await callback?.({ text: `echo: ${message.content.text}` });
    return {
      didRespond: true,
      responseContent: null,
      responseMessages: [],
      state: { values: {}, data: {}, text: '' },
      mode: 'simple',
    };
  },
};

describe('ElizaOS (the orchestrator) and DefaultMessageService', () => {
  it('adds, starts, finds, messages and deletes agents', async () => {
    const eliza = new ElizaOS();
    const agentId = '8b1f0c2e-1d2a-4c3b-9e4f-5a6b7c8d9e0f';
    const pipeline: Plugin = {
      name: 'echo',
      description: 'answers with an echo',
      init: async (_config, runtime) => {
        runtime.messageService = echoPipeline;
      },
    };
    const [id] = (await eliza.addAgents(
      [
        {
          character: { id: agentId, name: 'Echo', bio: [] },
          plugins: [pipeline],
          databaseAdapter: new InMemoryDatabaseAdapter(agentId),
        },
      ],
      { autoStart: true },
    )) as string[];
    try {
      expect(eliza.getAgentByName('echo')?.agentId).toBe(id);
      expect(eliza.getAgentByCharacterId(agentId)?.agentId).toBe(id);
      const replies: string[] = [];
      await new Promise<void>((done, fail) => {
        void eliza.handleMessage(
          agentId,
          {
            entityId: '00000000-0000-0000-0000-0000000000aa',
            roomId: '00000000-0000-0000-0000-0000000000bb',
            content: { text: 'hi', source: 'test' },
          },
          {
            onResponse: async (content) => void replies.push(content.text ?? ''),
            onComplete: async () => done(),
            onError: async (error) => fail(error),
          },
        );
      });
      expect(replies).toEqual(['echo: hi']);
      expect((await eliza.healthCheck()).get(agentId)).toEqual({ alive: true, responsive: true });
    } finally {
      await eliza.deleteAgents([agentId]);
    }
    expect(eliza.getAgents()).toEqual([]);
  });

  it("installing elizaOS's DefaultMessageService keeps the installed pipeline, which it calls", async () => {
    const runtime = await createTestRuntime();
    try {
      runtime.messageService = echoPipeline;
      runtime.messageService = new DefaultMessageService();
      expect(runtime.messagePipeline).toBe(echoPipeline);
      const texts: string[] = [];
      const message = {
        id: '00000000-0000-0000-0000-0000000000c1',
        entityId: '00000000-0000-0000-0000-0000000000c2',
        roomId: '00000000-0000-0000-0000-0000000000c3',
        content: { text: 'yo' },
      } as const;
      await new DefaultMessageService().handleMessage(runtime, { ...message }, async (content) => {
        texts.push(content.text ?? '');
        return [];
      });
      expect(texts).toEqual(['echo: yo']);
    } finally {
      await runtime.stop();
    }
  });

  it("has the rest of elizaOS's message-service contract: shouldRespond, processAttachments, deleteMessage, clearChannel", async () => {
    const runtime = await createTestRuntime();
    try {
      runtime.messageService = echoPipeline;
      const service = new DefaultMessageService();
      const roomId = '00000000-0000-0000-0000-0000000000d3' as const;
      const stored = (text: string) => ({
        entityId: '00000000-0000-0000-0000-0000000000d2' as const,
        roomId,
        content: { text },
      });
      const first = await runtime.createMemory(stored('one'), 'messages');
      await runtime.createMemory(stored('two'), 'messages');
      // A pipeline without a quick check leaves the decision to its turn.
      expect(service.shouldRespond(runtime, { ...stored('hi') })).toEqual({
        shouldRespond: false,
        skipEvaluation: false,
        reason: 'the pipeline decides in its turn',
      });
      const attachments = [{ id: 'a1', url: 'https://example.invalid/a.png' }];
      expect(await service.processAttachments(runtime, attachments)).toBe(attachments);
      await service.deleteMessage(runtime, { ...stored('one'), id: first });
      expect((await runtime.getMemories({ roomId, tableName: 'messages' })).map((m) => m.content.text)).toEqual([
        'two',
      ]);
      await service.clearChannel(runtime, roomId, 'channel-1');
      expect(await runtime.getMemories({ roomId, tableName: 'messages' })).toEqual([]);
    } finally {
      await runtime.stop();
    }
  });
});
