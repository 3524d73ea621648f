import {
  KithError,
  ModelType,
  Semaphore,
  TimeoutError,
  type IAgentRuntime,
  type Media,
  type Memory,
  type ModelCallHints,
} from '@kith/core';
import { attachmentKind, fileNameOf } from './attachment-kind';
import { readAttachmentSettings } from './attachment-settings';
import { describeImage } from './describe-image';
import { readTextDocument } from './read-text-document';
import { redactUrl } from './redact-url';
import type { SafeFetchOptions } from './safe-fetch';

export const DEFAULT_ATTACHMENT_CONCURRENCY = 3;
export const DEFAULT_IMAGE_DESCRIPTION_TIMEOUT_MS = 60_000;

export interface ProcessAttachmentsOptions {
  /** Attachments worked on at once. Default 3. */
  concurrency?: number;
  /** Longest text kept from a document; the rest is cut with a marker. Default 20,000. */
  maxTextChars?: number;
  /** How long one IMAGE_DESCRIPTION call may take before the image is left undescribed. Default 60 s. */
  imageDescriptionTimeoutMs?: number;
  /** safeFetch options that override the settings (tests narrow the address policy here). */
  fetch?: SafeFetchOptions;
}

interface Work {
  runtime: IAgentRuntime;
  canDescribe: boolean;
  fetch: SafeFetchOptions;
  maxTextChars: number | undefined;
  imageDescriptionTimeoutMs: number;
  /** Passed with each IMAGE_DESCRIPTION call: its purpose and the message's room. */
  hints: ModelCallHints;
}

/**
 * The attachment stage of the pipeline: describes images with
 * IMAGE_DESCRIPTION (when a handler is registered) and reads text documents
 * through safeFetch. Already processed attachments (with a description or
 * text) are kept as they are. A failing attachment is logged with its URL
 * and the reason and left unprocessed; it never fails the others or the
 * turn, so this function does not throw. Sets message.content.attachments
 * to the result and returns it.
 */
export async function processAttachments(
  runtime: IAgentRuntime,
  message: Memory,
  options: ProcessAttachmentsOptions = {},
): Promise<Media[]> {
  const attachments = message.content.attachments;
  if (!Array.isArray(attachments) || attachments.length === 0) return [];

  const settings = readAttachmentSettings(runtime);
  const work: Work = {
    runtime,
    canDescribe: runtime.getModel(ModelType.IMAGE_DESCRIPTION) !== undefined,
    fetch: {
      allowPrivate: settings.allowPrivate,
      maxBytes: settings.maxBytes,
      timeoutMs: settings.timeoutMs,
      ...options.fetch,
    },
    maxTextChars: options.maxTextChars,
    imageDescriptionTimeoutMs: options.imageDescriptionTimeoutMs ?? DEFAULT_IMAGE_DESCRIPTION_TIMEOUT_MS,
    hints: { purpose: 'imageDescription', roomId: message.roomId },
  };
  const semaphore = new Semaphore(options.concurrency ?? DEFAULT_ATTACHMENT_CONCURRENCY);
  const processed = await Promise.all(attachments.map((media) => semaphore.run(() => processAttachment(media, work))));
  message.content.attachments = processed;
  return processed;
}

async function processAttachment(media: Media, work: Work): Promise<Media> {
  try {
    if (media.description || media.text) return media;
    const kind = attachmentKind(media);
    if (kind === 'image') {
      if (!work.canDescribe) {
        work.runtime.logger.debug(
          { attachmentId: media.id },
          'No IMAGE_DESCRIPTION model registered; image attachment left undescribed',
        );
        return media;
      }
      const described = await withTimeout(
        describeImage(work.runtime, media, work.hints),
        work.imageDescriptionTimeoutMs,
        `Describing image ${redactUrl(media.url)}`,
      );
      return {
        ...media,
        title: described.title ?? media.title ?? 'Image',
        description: described.description,
        text: described.text,
      };
    }
    if (kind === 'text' || kind === 'document') {
      const document = await readTextDocument(media.url, {
        ...work.fetch,
        maxTextChars: work.maxTextChars,
        trustDeclaredText: kind === 'text',
      });
      return { ...media, title: media.title ?? fileNameOf(media.url) ?? 'Text File', text: document.text };
    }
    return media;
  } catch (error) {
    const url = redactUrl(String(media?.url));
    const reason = error instanceof Error ? error.message : String(error);
    work.runtime.logger.warn(
      { attachmentId: media?.id, url, code: KithError.isInstance(error) ? error.code : undefined, reason },
      `Attachment ${url} left unprocessed: ${reason}`,
    );
    return media;
  }
}

async function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(what, timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
