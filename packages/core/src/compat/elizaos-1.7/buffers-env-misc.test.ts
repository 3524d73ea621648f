import { describe, expect, it } from '@jest/globals';
import * as barrel from './buffers-env-misc';

/** The runtime names of @elizaos/core 1.7.2 this barrel provides. */
const NAMES = [
  'BufferUtils', 'alloc', 'byteLength', 'concat', 'equals', 'fromBytes', 'fromHex', 'fromString', 'isBuffer',
  'randomBytes', 'slice', 'toHex',
  'Environment', 'getEnvironment', 'detectEnvironment', 'resetEnvironmentCache', 'getEnv', 'setEnv', 'hasEnv',
  'getBooleanEnv', 'getNumberEnv', 'loadEnvFile', 'findEnvFile', 'findAllEnvFiles', 'loadEnvFilesWithPrecedence',
  'getAllowedEnvVars', 'setAllowedEnvVars', 'initBrowserEnvironment', 'isBrowser', 'isNode', 'currentRuntime',
  'getElizaPaths', 'getAllElizaPaths', 'getDataDir', 'getDatabaseDir', 'getCharactersDir', 'getGeneratedDir',
  'getUploadsAgentsDir', 'getUploadsChannelsDir', 'resetPaths',
  'addLogListener', 'removeLogListener', 'recentLogs', 'customLevels', '__loggerTestHooks',
  'AgentStatus', 'MESSAGE_STREAM_EVENT', 'MODEL_SETTINGS', 'PlatformPrefix', 'SOCKET_MESSAGE_TYPE', 'TEEMode', 'TeeType',
  'BM25', 'normalizeJsonString', 'safeReplacer', 'prewarmUuidCache', 'pingServer', 'waitForServerReady',
]; // prettier-ignore

describe('elizaOS 1.7 buffers/env/misc barrel', () => {
  it('exports every name, defined', () => {
    for (const name of NAMES) expect([name, (barrel as Record<string, unknown>)[name]]).not.toEqual([name, undefined]);
    expect(Object.keys(barrel).sort()).toEqual([...NAMES].sort());
  });
});
