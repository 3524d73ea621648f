import { MODEL_SETTINGS, SOCKET_MESSAGE_TYPE, TEEMode } from './elizaos-constants';

describe("elizaOS's constants", () => {
  it('have its values', () => {
    expect(TEEMode.OFF).toBe('OFF');
    expect(SOCKET_MESSAGE_TYPE.SEND_MESSAGE).toBe(2);
    expect(Object.keys(MODEL_SETTINGS)).toHaveLength(76);
    expect(MODEL_SETTINGS.TEXT_LARGE_MAX_TOKENS).toBe('TEXT_LARGE_MAX_TOKENS');
  });
});
