import { PassThrough } from 'node:stream';
import {
  agentMemoryId,
  type Content,
  type HandlerCallback,
  type IAgentRuntime,
  type IMessageService,
  type Memory,
  type MessageProcessingResult,
  type UUID,
} from '@kith/core';
import { createTestRuntime } from '@kith/core/test';
import { ChatSession } from './chat-session';
import { ChatTurnError, ClientCliErrorCode } from './errors';
import { runTerminalChat } from './terminal-chat';

/** A message service that answers with scripted contents and records what it received. */
function scriptedService(answer: (text: string) => Content[]): IMessageService & { received: Memory[] } {
  const received: Memory[] = [];
  return {
    received,
    async handleMessage(
      _runtime: IAgentRuntime,
      message: Memory,
      callback?: HandlerCallback,
    ): Promise<MessageProcessingResult> {
      received.push(message);
      for (const content of answer(message.content.text ?? '')) await callback?.(content);
      return { didRespond: true, mode: 'simple', responseContent: null, responseMessages: [] };
    },
  };
}

describe('ChatSession', () => {
  it('sends a DM from the named user and returns the replies', async () => {
    const runtime = await createTestRuntime();
    const service = scriptedService((text) => [{ text: `you said ${text}`, actions: ['REPLY'], thought: 't' }]);
    runtime.messageService = service;
    const session = new ChatSession(runtime, { userName: 'ada' });

    const replies = await session.send('hello');

    expect(replies).toEqual([{ text: 'you said hello', actions: ['REPLY'], thought: 't' }]);
    expect(service.received[0]).toMatchObject({
      entityId: session.entityId,
      roomId: session.roomId,
      content: { text: 'hello', source: 'cli' },
    });
    const room = await runtime.getRoom(session.roomId);
    expect(room?.type).toBe('DM');
    expect(await runtime.isRoomParticipant(session.roomId, session.entityId)).toBe(true);
    expect((await runtime.getEntityById(session.entityId))?.names).toContain('ada');
  });

  it('hands the message to the message bus: accepted in the durable inbox, answered once', async () => {
    const runtime = await createTestRuntime();
    runtime.messageService = scriptedService((text) => [{ text: `echo ${text}`, actions: ['REPLY'] }]);
    const accept = jest.spyOn(runtime.adapter, 'acceptInbound' as never);
    const session = new ChatSession(runtime, { userName: 'ada' });
    expect(await session.send('one')).toHaveLength(1);
    expect(await session.send('two')).toHaveLength(1);

    expect(accept).toHaveBeenCalledTimes(2);
    const [[first]] = accept.mock.calls as unknown as [
      { messageId: UUID; roomId: UUID; body: { text: string; source: string } },
    ][];
    expect(first).toMatchObject({ roomId: session.roomId, body: { text: 'one', source: 'cli' } });
    expect(await runtime.adapter.getPendingInbound?.()).toEqual([]);
    // The message memory was stored with the inbox entry, so the pipeline was told not to store it again.
    expect(await runtime.getMemoryById(agentMemoryId(runtime, first.messageId))).toMatchObject({
      content: { text: 'one' },
    });
    const again = await runtime.adapter.acceptInbound?.({
      messageId: first.messageId,
      roomId: session.roomId,
      body: {},
    });
    expect(again).toMatchObject({ created: false, entry: { state: 'answered' } });
  });

  it('derives the same room for the same user, and another for another user', async () => {
    const runtime = await createTestRuntime();
    expect(new ChatSession(runtime, { userName: 'ada' }).roomId).toBe(
      new ChatSession(runtime, { userName: 'ada' }).roomId,
    );
    expect(new ChatSession(runtime, { userName: 'ada' }).roomId).not.toBe(
      new ChatSession(runtime, { userName: 'bob' }).roomId,
    );
  });

  it('leaves IGNORE decisions out of the replies', async () => {
    const runtime = await createTestRuntime();
    runtime.messageService = scriptedService(() => [{ actions: ['IGNORE'], thought: 'no' }]);
    expect(await new ChatSession(runtime).send('spam')).toEqual([]);
  });

  it('raises a ChatTurnError naming the cause when the turn failed without a reply', async () => {
    const runtime = await createTestRuntime();
    runtime.messageService = {
      handleMessage: async () => ({
        didRespond: false,
        mode: 'error',
        responseContent: null,
        responseMessages: [],
        error: 'OPENAI_API_KEY was rejected (401)',
      }),
    };
    const error = await new ChatSession(runtime).send('hello').catch((e: unknown) => e);
    expect(ChatTurnError.isInstance(error)).toBe(true);
    expect((error as ChatTurnError).code).toBe(ClientCliErrorCode.CHAT_TURN_FAILED);
    expect((error as Error).message).toContain('OPENAI_API_KEY was rejected (401)');
  });

  it('explains what is missing when the agent has no message service', async () => {
    const runtime = await createTestRuntime();
    await expect(new ChatSession(runtime).send('hi')).rejects.toThrow(/plugin-bootstrap/);
  });
});

describe('runTerminalChat', () => {
  it('reads lines, prints replies and stops at "exit"', async () => {
    const runtime = await createTestRuntime();
    runtime.messageService = scriptedService((text) => [{ text: text.toUpperCase(), actions: ['REPLY'] }]);
    const input = new PassThrough();
    const output = new PassThrough();
    let printed = '';
    output.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const done = runTerminalChat(runtime, { input, output, userName: 'ada' });
    input.write('hello there\n');
    input.write('exit\n');
    await done;
    expect(printed).toContain(`${runtime.character.name}: HELLO THERE`);
    expect(printed).toContain('Type "exit" to leave, "/action NAME {json}" to run an action.');
  });

  it('runs /action NAME {json} directly, checking the parameters, and says what is wrong otherwise', async () => {
    const runtime = await createTestRuntime();
    runtime.registerAction({
      name: 'GREET',
      similes: ['SAY_HELLO'],
      description: 'greets',
      parameters: [{ name: 'name', description: 'who', required: true, schema: { type: 'string' } }],
      validate: async () => true,
      handler: async (_runtime, _message, _state, options, callback) => {
        await callback?.({ text: `Hello, ${String(options?.parameters?.name)}.` });
        return { success: true };
      },
    });
    const session = new ChatSession(runtime, { userName: 'ada' });
    expect((await session.send('/action say_hello {"name": "Ada"}')).map((r) => r.text)).toEqual(['Hello, Ada.']);
    expect((await session.send('/action GREET {}'))[0].text).toMatch(/^\(GREET: .*name/);
    expect((await session.send('/action GREET {name}'))[0].text).toContain('must be one JSON object');
    expect((await session.send('/action FLY'))[0].text).toMatch(/^\(no action "FLY"; this agent's actions: .*GREET/);
  });
});
