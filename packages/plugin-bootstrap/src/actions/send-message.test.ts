import { ChannelType, randomUuid, type Content, type TargetInfo } from '@kith/core';
import { scriptedReply } from '@kith/core/test';
import { BOB, createHarness } from '../testing/bootstrap-harness';

async function withSendHandler(script: string[] = []) {
  const harness = await createHarness({ script });
  const sent: { target: TargetInfo; content: Content }[] = [];
  harness.runtime.registerSendHandler('test', async (_runtime, target, content) => {
    sent.push({ target, content });
  });
  return { ...harness, sent };
}

describe('SEND_MESSAGE', () => {
  it('sends to a person named in the parameters through the platform send handler', async () => {
    const { run, message, sent, replies } = await withSendHandler();
    const [result] = await run(message('tell Bob hi'), ['REPLY', 'SEND_MESSAGE'], 'Will do!', {
      SEND_MESSAGE: { targetType: 'user', target: 'bob', text: 'Ada says hi' },
    });
    expect(sent).toEqual([
      { target: { source: 'test', entityId: BOB }, content: { text: 'Ada says hi', source: 'test' } },
    ]);
    // REPLY spoke, so SEND_MESSAGE does not add a second confirmation.
    expect(replies.map((r) => r.text)).toEqual(['Will do!']);
    expect(result).toMatchObject({ success: true });
  });

  it('sends to another room of the world found by name', async () => {
    const { runtime, run, message, sent, worldId } = await withSendHandler();
    const general = randomUuid();
    await runtime.createRooms([
      {
        id: general,
        name: 'general',
        source: 'test',
        type: ChannelType.GROUP,
        worldId,
        channelId: 'c-general',
        serverId: 'srv',
      },
    ]);
    const [result] = await run(message('post in general'), ['SEND_MESSAGE'], '', {
      SEND_MESSAGE: { targetType: 'room', target: '#General', text: 'Build is green' },
    });
    expect(result.success).toBe(true);
    expect(sent[0].target).toEqual({ source: 'test', roomId: general, channelId: 'c-general', serverId: 'srv' });
  });

  it('tells the user when the target is unknown or no client can deliver', async () => {
    const { run, message, replies } = await createHarness();
    const [unknown] = await run(message('tell Zed hi'), ['SEND_MESSAGE'], '', {
      SEND_MESSAGE: { targetType: 'user', target: 'Zed', text: 'hi' },
    });
    expect(unknown.success).toBe(false);
    const [undeliverable] = await run(message('tell Bob hi'), ['SEND_MESSAGE'], '', {
      SEND_MESSAGE: { targetType: 'user', target: 'Bob', text: 'hi' },
    });
    expect(undeliverable.success).toBe(false);
    expect(replies.map((r) => r.text)).toEqual([
      'I could not find anyone called "Zed".',
      'I could not send the message to Bob.',
    ]);
  });

  it('rejects parameters that break the schema, after one extraction call for the missing ones', async () => {
    const { run, message, model, sent } = await withSendHandler(['{"targetType":"carrier-pigeon"}']);
    const [result] = await run(message('send something'), ['SEND_MESSAGE'], '', {
      SEND_MESSAGE: { target: 'Bob', text: 'hi' },
    });
    expect(model.callsOf('TEXT_SMALL')).toHaveLength(1);
    expect(result.success).toBe(false);
    expect(String(result.error)).toContain('targetType');
    expect(sent).toHaveLength(0);
  });

  it('is chosen and filled by the message handler in one model call', async () => {
    const { runtime, model, sent, message, callback } = await withSendHandler([
      scriptedReply('Sure.', ['REPLY', 'SEND_MESSAGE'], 'relay', {
        params: { SEND_MESSAGE: { targetType: 'user', target: 'Bob', text: 'Lunch at noon' } },
      }),
    ]);
    await runtime.messageService!.handleMessage(
      runtime,
      message('tell Bob lunch is at noon', { content: { text: 'tell Bob lunch is at noon', source: 'client_chat' } }),
      callback,
    );
    expect(model.calls).toHaveLength(1);
    expect(sent.map((s) => s.content.text)).toEqual(['Lunch at noon']);
  });
});
