import { KithError } from '../errors/kith-error';
import { createTestRuntime } from '../testing/create-test-runtime';
import type { HandlerCallback } from '../types/components';
import type { Memory } from '../types/memory';
import type { IMessageService, MessageProcessingResult } from '../types/messaging';
import type { Content } from '../types/primitives';
import { stringToUuid } from '../uuid/uuid';
import { getRequestContext, runWithRequestContext } from './request-context';
import { trimTokens } from './trim-tokens';

/** A pipeline that answers each new message id once and records what it was given. */
class RecordingService implements IMessageService {
  readonly received: Memory[] = [];
  private readonly seen = new Set<string>();
  async handleMessage(
    _runtime: unknown,
    message: Memory,
    callback?: HandlerCallback,
  ): Promise<MessageProcessingResult> {
    this.received.push(message);
    if (this.seen.has(message.id as string))
      return { didRespond: false, mode: 'duplicate', responseContent: null, responseMessages: [] };
    this.seen.add(message.id as string);
    const content: Content = { text: `echo: ${message.content.text}` };
    await callback?.(content);
    return { didRespond: true, mode: 'simple', responseContent: content, responseMessages: [] };
  }
}

const user = stringToUuid('facade-user');
const room = stringToUuid('facade-room');

describe('runtime.elizaOS (the elizaOS orchestrator facade)', () => {
  it('hands a message to runtime.messageService, filling in id, agentId and createdAt, and creating the room', async () => {
    const runtime = await createTestRuntime();
    const service = new RecordingService();
    runtime.messageService = service;
    expect(runtime.hasElizaOS()).toBe(true);
    const result = await runtime.elizaOS.handleMessage(runtime.agentId, {
      entityId: user,
      roomId: room,
      content: { text: 'hi', source: 'test' },
    });
    expect(result.processing).toMatchObject({ didRespond: true, responseContent: { text: 'echo: hi' } });
    expect(service.received).toHaveLength(1);
    expect(service.received[0]).toMatchObject({
      id: result.messageId,
      agentId: runtime.agentId,
      entityId: user,
      roomId: room,
    });
    expect(typeof service.received[0].createdAt).toBe('number');
    expect(await runtime.getRoom(room)).toMatchObject({ id: room, source: 'test' });
    expect(await runtime.isRoomParticipant(room, user)).toBe(true);
    await runtime.stop();
  });

  it('in async mode (onResponse) returns at once and reports the reply, then onComplete; a repeated id is answered once', async () => {
    const runtime = await createTestRuntime();
    runtime.messageService = new RecordingService();
    const replies: string[] = [];
    let completed!: () => void;
    const done = new Promise<void>((resolve) => (completed = resolve));
    const id = stringToUuid('telegram-message-1');
    const message = { id, entityId: user, roomId: room, content: { text: 'once', source: 'telegram' } };
    const first = await runtime.elizaOS.handleMessage(runtime.agentId, message, {
      onResponse: async (content) => void replies.push(content.text ?? ''),
      onComplete: async () => completed(),
    });
    expect(first.messageId).toBe(id);
    expect(first.processing).toBeUndefined();
    await done;
    await runtime.elizaOS.handleMessage(runtime.agentId, message);
    expect(replies).toEqual(['echo: once']);
    await runtime.stop();
  });

  it('reports a throwing onResponse to onError, and names what is missing', async () => {
    const runtime = await createTestRuntime();
    const errors: string[] = [];
    const noService = await runtime.elizaOS
      .handleMessage(runtime.agentId, { entityId: user, roomId: room, content: { text: 'x' } })
      .catch((e: unknown) => e);
    expect(KithError.hasCode(noService, 'KITH_MESSAGE_SERVICE_MISSING')).toBe(true);
    runtime.messageService = new RecordingService();
    let settled!: () => void;
    const done = new Promise<void>((resolve) => (settled = resolve));
    await runtime.elizaOS.handleMessage(
      runtime.agentId,
      { entityId: user, roomId: room, content: { text: 'boom' } },
      {
        onResponse: async () => {
          throw new Error('send failed');
        },
        onError: async (error) => void errors.push(error.message),
        onComplete: async () => settled(),
      },
    );
    await done;
    expect(errors).toEqual(['send failed']);
    const unknown = await runtime.elizaOS
      .handleMessage(stringToUuid('nobody'), { entityId: user, roomId: room, content: {} })
      .catch((e: unknown) => e);
    expect(KithError.hasCode(unknown, 'KITH_AGENT_NOT_FOUND')).toBe(true);
    await runtime.stop();
  });

  it('finds the other agents of the process by id and name', async () => {
    const a = await createTestRuntime({ character: { name: 'Facade A', bio: 'a' } });
    const b = await createTestRuntime({ character: { name: 'Facade B', bio: 'b' } });
    expect(a.elizaOS.getAgent(b.agentId)).toBe(b);
    expect(a.elizaOS.getAgentByName('facade b')).toBe(b);
    expect(a.elizaOS.getAgents()[0]).toBe(a);
    await b.stop();
    expect(a.elizaOS.getAgent(b.agentId)).toBeUndefined();
    await a.stop();
  });

  it('adds the elizaOS-only runtime members', async () => {
    const runtime = await createTestRuntime();
    const roomId = await runtime.createRoom({
      id: stringToUuid('compat-room'),
      name: 'r',
      source: 'test',
      type: 'GROUP' as never,
    });
    expect(roomId).toBe(stringToUuid('compat-room'));
    expect(await runtime.addParticipant(user, roomId)).toBe(true);
    expect(await runtime.isRoomParticipant(roomId, user)).toBe(true);
    expect(runtime.getRegisteredServiceTypes()).toEqual([...runtime.getAllServices().keys()]);
    expect(runtime.getTypedService('nothing')).toBeNull();
    await runtime.stop();
  });
});

describe('trimTokens and the request context', () => {
  it('keeps the end of a prompt: by the tokenizer models when registered, else about four characters a token', async () => {
    const runtime = await createTestRuntime();
    expect(await trimTokens('short', 10, runtime)).toBe('short');
    expect(await trimTokens('x'.repeat(100) + 'END', 5, runtime)).toBe('x'.repeat(17) + 'END');
    runtime.registerModel(
      'TEXT_TOKENIZER_ENCODE',
      async (_r: unknown, p: { prompt: string }) => p.prompt.split(' ').map((w) => w.length),
      'words',
    );
    runtime.registerModel(
      'TEXT_TOKENIZER_DECODE',
      async (_r: unknown, p: { tokens: number[] }) => p.tokens.map((n) => 'w'.repeat(n)).join(' '),
      'words',
    );
    expect(await trimTokens('aaaaaaaaaa bb ccc dddd', 2, runtime)).toBe('www wwww');
    await expect(trimTokens('x', 0, runtime)).rejects.toThrow(/positive/);
    await runtime.stop();
  });

  it('getRequestContext sees what runWithRequestContext set, across awaits', async () => {
    expect(getRequestContext()).toBeUndefined();
    const seen = await runWithRequestContext({ entityId: user }, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return getRequestContext()?.entityId;
    });
    expect(seen).toBe(user);
  });
});

describe("the agent's own world and SELF room (as elizaOS makes them)", () => {
  it('exist after initialize, with the agent as participant, and a second start leaves them as they are', async () => {
    const runtime = await createTestRuntime({ character: { name: 'Selfie', bio: 'x' } });
    expect(await runtime.getRoom(runtime.agentId)).toMatchObject({
      id: runtime.agentId,
      type: 'SELF',
      worldId: runtime.agentId,
    });
    expect(await runtime.getWorld(runtime.agentId)).toMatchObject({ id: runtime.agentId, name: "Selfie's World" });
    expect(await runtime.isRoomParticipant(runtime.agentId, runtime.agentId)).toBe(true);
    // Agent-scoped memories (plugin-knowledge's character knowledge) can live there.
    await runtime.createMemory(
      { entityId: runtime.agentId, roomId: runtime.agentId, worldId: runtime.agentId, content: { text: 'fact' } },
      'documents',
    );
    expect(await runtime.getMemories({ tableName: 'documents', roomId: runtime.agentId })).toHaveLength(1);
    await runtime.stop();
  });
});
