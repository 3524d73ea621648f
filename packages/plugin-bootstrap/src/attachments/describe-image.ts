import {
  ModelOutputInvalidError,
  ModelType,
  composePrompt,
  imageDescriptionTemplate,
  parseKeyValueXml,
  type IAgentRuntime,
  type Media,
  type ModelCallHints,
} from '@kith/core';
import { redactUrl } from './redact-url';
import { AttachmentUrlRefusedError } from './errors';

export interface ImageDescription {
  /** Absent when the model gave none. */
  title?: string;
  description: string;
  text: string;
}

const DESCRIBABLE_SCHEMES = new Set(['http:', 'https:', 'data:']);

/**
 * Describes an image with the IMAGE_DESCRIPTION model. The model provider
 * reads the URL itself, so only http(s) and data: URLs are handed over (a
 * file: URL must never reach a local model that might open it).
 */
export async function describeImage(
  runtime: IAgentRuntime,
  media: Media,
  hints: ModelCallHints = { purpose: 'imageDescription' },
): Promise<ImageDescription> {
  let scheme: string;
  try {
    scheme = new URL(media.url).protocol;
  } catch {
    throw new AttachmentUrlRefusedError(redactUrl(media.url), 'invalid', 'not a valid URL');
  }
  if (!DESCRIBABLE_SCHEMES.has(scheme)) {
    throw new AttachmentUrlRefusedError(
      redactUrl(media.url),
      'scheme',
      `scheme ${scheme} is not passed to the image model`,
    );
  }
  const template = runtime.getTemplate('imageDescriptionTemplate') ?? imageDescriptionTemplate;
  const prompt = composePrompt({ state: { agentName: runtime.character.name }, template });
  const result: unknown = await runtime.useModel(ModelType.IMAGE_DESCRIPTION, { imageUrl: media.url, prompt, hints });
  const description = readDescription(result);
  if (!description)
    throw new ModelOutputInvalidError(
      ModelType.IMAGE_DESCRIPTION,
      'expected {title, description} or text, got nothing usable',
    );
  return description;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Accepts elizaOS's {title, description}, the template's XML, or plain prose. */
function readDescription(result: unknown): ImageDescription | undefined {
  let fields: Record<string, unknown> | null = null;
  if (typeof result === 'string') {
    fields = parseKeyValueXml(result);
    if (!nonEmpty(fields?.description)) {
      const prose = nonEmpty(result);
      return prose ? { description: prose, text: prose } : undefined;
    }
  } else if (typeof result === 'object' && result !== null) {
    fields = result as Record<string, unknown>;
  }
  const description = nonEmpty(fields?.description);
  if (!description) return undefined;
  return { title: nonEmpty(fields?.title), description, text: nonEmpty(fields?.text) ?? description };
}
