import { ChannelType, ContentType, randomUuid, type IAgentRuntime, type ModelCallHints, type Plugin } from '@kith/core';
import { scriptedReply } from '@kith/core/test';
import { ADA, createHarness } from '../testing/bootstrap-harness';
import { processAttachments } from '../attachments';

interface HintedCall {
  modelType: string;
  hints: ModelCallHints | undefined;
}

const REFLECTION = '<response><thought>noted</thought><facts></facts><relationships></relationships></response>';
const SHOULD_RESPOND = '<response><name>Testy</name><reasoning>asked</reasoning><action>RESPOND</action></response>';

/**
 * A model that answers from the hints alone, as the offline model does: it
 * never looks at the prompt. Priority 10 puts it ahead of the harness's
 * scripted model.
 */
function hintedModel(): { plugin: Plugin; calls: HintedCall[] } {
  const calls: HintedCall[] = [];
  const answer = (modelType: string) => async (_runtime: IAgentRuntime, params: { hints?: ModelCallHints }) => {
    calls.push({ modelType, hints: params.hints });
    switch (params.hints?.purpose) {
      case 'shouldRespond':
        return SHOULD_RESPOND;
      case 'reflection':
        return REFLECTION;
      case 'evaluation':
        return '["REFLECTION"]';
      case 'extractParameters':
        return '{"target": "Bob", "text": "hello"}';
      case 'post':
        return '<response><thought>t</thought><post>A post.</post><imagePrompt></imagePrompt></response>';
      case 'imageGeneration':
        return [{ url: 'https://images.test/made.png' }];
      case 'imageDescription':
        return { title: 'A cat', description: 'An orange cat.' };
      default:
        return scriptedReply('I hear you.');
    }
  };
  const plugin: Plugin = {
    name: 'hinted-model',
    description: 'Answers from the call hints',
    priority: 10,
    models: {
      TEXT_SMALL: answer('TEXT_SMALL'),
      TEXT_LARGE: answer('TEXT_LARGE'),
      IMAGE: answer('IMAGE'),
      IMAGE_DESCRIPTION: answer('IMAGE_DESCRIPTION'),
    },
  };
  return { plugin, calls };
}

describe('hints passed with each pipeline model call', () => {
  it('should-respond, message handler and reflection carry their purpose, the room and the message', async () => {
    const model = hintedModel();
    const { runtime, roomId, message, callback } = await createHarness({
      plugins: [model.plugin],
      settings: { REFLECTION_INTERVAL: '1' },
    });
    const incoming = message('Where did you grow up?');
    await runtime.messageService!.handleMessage(runtime, incoming, callback);
    await runtime.messageService!.whenIdle!();
    const about = { id: incoming.id, entityId: ADA, roomId, text: 'Where did you grow up?', senderName: 'Ada' };
    expect(model.calls).toEqual([
      { modelType: 'TEXT_SMALL', hints: { purpose: 'shouldRespond', roomId, message: about } },
      { modelType: 'TEXT_LARGE', hints: { purpose: 'messageHandler', roomId, message: about } },
      { modelType: 'TEXT_SMALL', hints: { purpose: 'reflection', roomId, message: about } },
    ]);
  });

  it('evaluator selection and parameter extraction name their purpose', async () => {
    const model = hintedModel();
    const { runtime, run, message } = await createHarness({
      plugins: [model.plugin],
      settings: { EVALUATOR_SELECTION: 'llm', REFLECTION_INTERVAL: '1' },
    });
    const incoming = message('tell Bob hello');
    await run(incoming, ['SEND_MESSAGE']);
    await runtime.evaluate(incoming, await runtime.composeState(incoming), true);
    expect(model.calls.map((c) => c.hints?.purpose)).toEqual(['extractParameters', 'evaluation', 'reflection']);
  });

  it('post creation, image generation and image description name their purpose and room', async () => {
    const model = hintedModel();
    const { runtime, run, message, roomId } = await createHarness({ plugins: [model.plugin] });
    const feed = randomUuid();
    await runtime.emitEvent('POST_GENERATED', { roomId: feed, callback: async () => [], source: 'test' });
    await run(message('draw me a cat'), ['GENERATE_IMAGE'], '', { GENERATE_IMAGE: { prompt: 'a cat' } });
    const photo = message('look', {
      content: {
        text: 'look',
        attachments: [{ id: 'p', url: 'data:image/png;base64,iVBORw0KGgo=', contentType: ContentType.IMAGE }],
      },
    });
    await processAttachments(runtime, photo);
    expect(model.calls).toEqual([
      { modelType: 'TEXT_LARGE', hints: { purpose: 'post', roomId: feed } },
      { modelType: 'IMAGE', hints: { purpose: 'imageGeneration', roomId } },
      { modelType: 'IMAGE_DESCRIPTION', hints: { purpose: 'imageDescription', roomId } },
    ]);
  });

  it('a DM turn (no should-respond call) hints the message handler with the sender from the prompt', async () => {
    const model = hintedModel();
    const { runtime, connect, message, callback } = await createHarness({ plugins: [model.plugin] });
    const dm = randomUuid();
    await connect(ADA, 'Ada', dm, ChannelType.DM);
    await runtime.messageService!.handleMessage(runtime, message('hi', { roomId: dm }), callback);
    expect(model.calls.map((c) => [c.hints?.purpose, c.hints?.roomId, c.hints?.message?.senderName])).toEqual([
      ['messageHandler', dm, 'Ada'],
    ]);
  });
});
