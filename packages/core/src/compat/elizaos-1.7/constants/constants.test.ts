import { describe, expect, it } from '@jest/globals';
import { AgentStatus } from './agent-status';
import { MODEL_SETTINGS } from './model-settings';
import { PlatformPrefix } from './platform-prefix';
import { MESSAGE_STREAM_EVENT } from './message-stream-event';
import { SOCKET_MESSAGE_TYPE } from './socket-message-type';
import { TEEMode, TeeType } from './tee-mode';

describe('elizaOS 1.7 constants', () => {
  it('have elizaOS keys and values', () => {
    expect({ ...AgentStatus }).toEqual({ ACTIVE: 'active', INACTIVE: 'inactive' });
    expect({ ...PlatformPrefix }).toEqual({ DISCORD: 'DISCORD', TELEGRAM: 'TELEGRAM', TWITTER: 'TWITTER' });
    expect({ ...TEEMode }).toEqual({ OFF: 'OFF', LOCAL: 'LOCAL', DOCKER: 'DOCKER', PRODUCTION: 'PRODUCTION' });
    expect({ ...TeeType }).toEqual({ TDX_DSTACK: 'tdx_dstack' });
    expect(MESSAGE_STREAM_EVENT).toEqual({
      messageStreamChunk: 'messageStreamChunk',
      messageStreamError: 'messageStreamError',
      messageBroadcast: 'messageBroadcast',
    });
  });

  it('keep the numeric socket enum with reverse names', () => {
    expect(SOCKET_MESSAGE_TYPE.SEND_MESSAGE).toBe(2);
    expect(SOCKET_MESSAGE_TYPE[6]).toBe('CONTROL');
    expect(Object.keys(SOCKET_MESSAGE_TYPE)).toHaveLength(12);
  });

  it('list every model setting as its own name', () => {
    const entries = Object.entries(MODEL_SETTINGS);
    expect(entries).toHaveLength(76);
    for (const [key, value] of entries) expect(value).toBe(key);
    expect(MODEL_SETTINGS.TEXT_REASONING_LARGE_PRESENCE_PENALTY).toBe('TEXT_REASONING_LARGE_PRESENCE_PENALTY');
  });
});
