import {
  reportModelUsage,
  type IAgentRuntime,
  type ImageDescriptionParams,
  type ImageDescriptionResult,
  type ImageGenerationParams,
} from '@kith/core';
import JSON5 from 'json5';
import { imageResponseSchema, parseWire } from '../http/wire-schemas';
import { completeChat, chatRequestBody } from './chat';
import { openAICall, type OpenAIPluginDeps } from './openai-call';

const DESCRIBE_PROMPT =
  'Describe this image. Answer with a JSON object {"title": "...", "description": "..."}: a short title, then a detailed description.';
const DESCRIPTION_MAX_TOKENS = 1024;
const IMAGES_PATH = '/images/generations';

/** A title and description from the model's answer: JSON first, else "Title: ..." lines, else first line as title. */
export function parseImageDescription(text: string): ImageDescriptionResult {
  const trimmed = text.trim();
  const json = trimmed.match(/\{[\s\S]*\}/)?.[0];
  if (json) {
    try {
      const parsed = JSON5.parse<{ title?: unknown; description?: unknown }>(json);
      if (typeof parsed.title === 'string' || typeof parsed.description === 'string') {
        return { title: String(parsed.title ?? '').trim(), description: String(parsed.description ?? '').trim() };
      }
    } catch {
      // Not JSON after all: read it as prose below.
    }
  }
  // Markdown decoration (**Title:**, ## Title -) is common in model prose.
  const titled = trimmed.match(/^[\s*_#]*title[*_]*\s*[:-][*_\s]*(.+?)\s*$/im);
  if (titled) {
    const description = trimmed
      .replace(titled[0], '')
      .replace(/^[\s*_#]*description[*_]*\s*[:-][*_\s]*/im, '')
      .trim();
    return { title: titled[1].trim(), description };
  }
  const [first, ...rest] = trimmed.split('\n');
  return { title: first.trim().slice(0, 120), description: rest.join('\n').trim() || trimmed };
}

/** IMAGE_DESCRIPTION: a vision chat completion with the image as an `image_url` part. */
export function createImageDescriptionHandler(deps: OpenAIPluginDeps = {}) {
  return async (runtime: IAgentRuntime, params: ImageDescriptionParams | string): Promise<ImageDescriptionResult> => {
    const { config, client } = openAICall(runtime, deps);
    const imageUrl = typeof params === 'string' ? params : params.imageUrl;
    const prompt = typeof params === 'string' ? DESCRIBE_PROMPT : (params.prompt ?? DESCRIBE_PROMPT);
    const target = { model: config.imageDescriptionModel, modelSetting: 'OPENAI_IMAGE_DESCRIPTION_MODEL' };
    const body = chatRequestBody(
      target.model,
      [
        {
          role: 'user',
          content: [
            { type: 'text', text: prompt },
            { type: 'image_url', image_url: { url: imageUrl } },
          ],
        },
      ],
      { maxTokens: DESCRIPTION_MAX_TOKENS },
    );
    return parseImageDescription(await completeChat(client, body, target));
  };
}

/** IMAGE: `/images/generations`; base64 answers (gpt-image-1) become data URLs. */
export function createImageHandler(deps: OpenAIPluginDeps = {}) {
  return async (runtime: IAgentRuntime, params: ImageGenerationParams): Promise<{ url: string }[]> => {
    const { config, client } = openAICall(runtime, deps);
    const target = { model: config.imageModel, modelSetting: 'OPENAI_IMAGE_MODEL' };
    const body: Record<string, unknown> = { model: config.imageModel, prompt: params.prompt, n: params.count ?? 1 };
    reportModelUsage({ model: config.imageModel });
    if (params.size) body.size = params.size;
    const response = parseWire(
      imageResponseSchema,
      await client.postJson(IMAGES_PATH, body, target),
      client.contextFor(IMAGES_PATH, target),
    );
    if (response.usage) {
      reportModelUsage({
        promptTokens: response.usage.input_tokens ?? 0,
        completionTokens: response.usage.output_tokens ?? 0,
        totalTokens: response.usage.total_tokens ?? 0,
      });
    }
    return response.data
      .map((image) => image.url ?? (image.b64_json ? `data:image/png;base64,${image.b64_json}` : ''))
      .filter((url) => url.length > 0)
      .map((url) => ({ url }));
  };
}
