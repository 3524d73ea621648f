import { ContentType, randomUuid, type Action, type ActionResult, type Media } from '@kith/core';
import { repliedInTurn } from '../helpers/report-outcome';

interface GenerateImageParameters {
  prompt: string;
}

/**
 * Makes an image with the IMAGE model and sends it as an attachment. The
 * prompt comes from the message handler's <params>, so no extra text-model
 * call is made (elizaOS writes it with a second TEXT_LARGE call). Offered
 * only when some plugin serves the IMAGE model.
 */
export const generateImageAction: Action = {
  name: 'GENERATE_IMAGE',
  similes: ['DRAW', 'CREATE_IMAGE', 'MAKE_IMAGE', 'IMAGE_GENERATION', 'PAINT'],
  description: 'Create an image from a prompt and send it.',
  priority: 30,
  parameters: [
    { name: 'prompt', description: 'What the image shows, in detail', required: true, schema: { type: 'string' } },
  ],
  validate: async (runtime) => runtime.getModel('IMAGE') !== undefined,
  handler: async (runtime, message, _state, options, callback, responses): Promise<ActionResult> => {
    const prompt = String((options?.parameters as GenerateImageParameters | undefined)?.prompt ?? '').trim();
    if (!prompt) return { success: false, error: 'GENERATE_IMAGE needs a prompt' };
    let images: { url: string }[];
    try {
      images = await runtime.useModel('IMAGE', {
        prompt,
        hints: { purpose: 'imageGeneration', roomId: message.roomId },
      });
    } catch (error) {
      runtime.logger.warn({ err: error }, 'GENERATE_IMAGE: the IMAGE model failed');
      await callback?.(
        { text: 'I could not create the image.', actions: ['GENERATE_IMAGE'], error: true },
        'GENERATE_IMAGE',
      );
      return { success: false, error: error instanceof Error ? error.message : String(error) };
    }
    const attachments: Media[] = (Array.isArray(images) ? images : [])
      .filter((image) => typeof image?.url === 'string' && image.url !== '')
      .map((image) => ({
        id: randomUuid(),
        url: image.url,
        title: 'Generated image',
        description: prompt,
        source: 'GENERATE_IMAGE',
        contentType: ContentType.IMAGE,
      }));
    if (attachments.length === 0) return { success: false, error: 'The IMAGE model returned no image' };
    // The image itself is the answer; a caption only when REPLY said nothing.
    await callback?.(
      {
        text: repliedInTurn(responses) ? '' : `Here is the image: ${prompt}`,
        attachments,
        actions: ['GENERATE_IMAGE'],
      },
      'GENERATE_IMAGE',
    );
    return {
      success: true,
      text: `Generated ${attachments.length} image(s)`,
      values: { imageUrl: attachments[0].url },
      data: { attachments, prompt },
    };
  },
  examples: [
    [
      { name: '{{name1}}', content: { text: 'draw me a cat in a spacesuit' } },
      { name: '{{name2}}', content: { text: 'Here you go!', actions: ['REPLY', 'GENERATE_IMAGE'] } },
    ],
  ],
};
