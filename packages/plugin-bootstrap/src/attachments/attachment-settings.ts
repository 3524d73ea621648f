import { getBooleanSetting, getNumberSetting, type IAgentRuntime } from '@kith/core';
import { DEFAULT_ATTACHMENT_MAX_BYTES, DEFAULT_ATTACHMENT_TIMEOUT_MS } from './safe-fetch';

export interface AttachmentSettings {
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
}

/** ALLOW_PRIVATE_ATTACHMENT_URLS, ATTACHMENT_MAX_BYTES and ATTACHMENT_TIMEOUT_MS, with their defaults. */
export function readAttachmentSettings(runtime: IAgentRuntime): AttachmentSettings {
  return {
    allowPrivate: getBooleanSetting(runtime, 'ALLOW_PRIVATE_ATTACHMENT_URLS', false),
    maxBytes: getNumberSetting(runtime, 'ATTACHMENT_MAX_BYTES', DEFAULT_ATTACHMENT_MAX_BYTES, {
      integer: true,
      min: 1,
    }),
    timeoutMs: getNumberSetting(runtime, 'ATTACHMENT_TIMEOUT_MS', DEFAULT_ATTACHMENT_TIMEOUT_MS, {
      integer: true,
      min: 1,
    }),
  };
}
