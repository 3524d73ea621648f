import { ContentType, type ImageGenerationParams } from '@kith/core';
import { createHarness } from '../testing/bootstrap-harness';
import { generateImageAction } from './generate-image';

describe('GENERATE_IMAGE', () => {
  it('is not offered without an IMAGE model', async () => {
    const { runtime, message } = await createHarness();
    expect(await generateImageAction.validate(runtime, message('draw a cat'))).toBe(false);
  });

  it('calls the IMAGE model with the prompt and sends the image as an attachment', async () => {
    const { runtime, run, message, replies, model } = await createHarness();
    const prompts: string[] = [];
    runtime.registerModel(
      'IMAGE',
      async (_runtime, params: ImageGenerationParams) => {
        prompts.push(params.prompt);
        return [{ url: 'https://images.test/cat.png' }];
      },
      'test-images',
    );
    const [, result] = await run(message('draw a cat'), ['REPLY', 'GENERATE_IMAGE'], 'Here you go!', {
      GENERATE_IMAGE: { prompt: 'a cat in a spacesuit' },
    });
    expect(prompts).toEqual(['a cat in a spacesuit']);
    expect(model.calls).toHaveLength(0);
    expect(result).toMatchObject({ success: true, values: { imageUrl: 'https://images.test/cat.png' } });
    expect(replies.map((r) => r.text)).toEqual(['Here you go!', '']);
    expect(replies[1].attachments).toEqual([
      expect.objectContaining({
        url: 'https://images.test/cat.png',
        contentType: ContentType.IMAGE,
        description: 'a cat in a spacesuit',
      }),
    ]);
  });

  it('tells the user when the IMAGE model fails', async () => {
    const { runtime, run, message, replies } = await createHarness();
    runtime.registerModel(
      'IMAGE',
      async () => {
        throw new Error('quota exceeded');
      },
      'test-images',
    );
    const [result] = await run(message('draw'), ['GENERATE_IMAGE'], '', { GENERATE_IMAGE: { prompt: 'a dog' } });
    expect(result.success).toBe(false);
    expect(replies[0].text).toBe('I could not create the image.');
  });
});
