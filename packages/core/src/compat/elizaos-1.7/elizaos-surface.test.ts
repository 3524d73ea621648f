import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as core from '../../index';

/**
 * Every runtime export of @elizaos/core 1.7.2 (listed from the published
 * package: Object.keys(require('@elizaos/core')), in the JSON beside this
 * test) exists in @kith/core, so a plugin importing any of them loads.
 * Names that mean nothing in Kith still exist and fail when called.
 */
/**
 * Names not provided yet (buffer, env-file, path and log-listener helpers, BM25 and a few small
 * utilities). The list can only shrink: a name provided later fails the second test until it is
 * taken off.
 */
const NOT_PROVIDED_YET = new Set([
  'BM25',
  'BufferUtils',
  'Environment',
  '__loggerTestHooks',
  'addLogListener',
  'alloc',
  'byteLength',
  'concat',
  'customLevels',
  'detectEnvironment',
  'equals',
  'findAllEnvFiles',
  'findEnvFile',
  'fromBytes',
  'fromHex',
  'fromString',
  'getAllElizaPaths',
  'getAllowedEnvVars',
  'getBooleanEnv',
  'getCharactersDir',
  'getDataDir',
  'getDatabaseDir',
  'getElizaPaths',
  'getEnv',
  'getEnvironment',
  'getNumberEnv',
  'getUploadsAgentsDir',
  'getUploadsChannelsDir',
  'hasEnv',
  'initBrowserEnvironment',
  'isBuffer',
  'loadEnvFile',
  'loadEnvFilesWithPrecedence',
  'normalizeJsonString',
  'pingServer',
  'prewarmUuidCache',
  'randomBytes',
  'recentLogs',
  'removeLogListener',
  'resetEnvironmentCache',
  'resetPaths',
  'safeReplacer',
  'setAllowedEnvVars',
  'setEnv',
  'slice',
  'toHex',
  'waitForServerReady',
]);

describe('the @elizaos/core 1.7.2 export surface', () => {
  const { runtimeExports } = JSON.parse(readFileSync(join(__dirname, 'elizaos-core-1.7.2-exports.json'), 'utf8')) as {
    runtimeExports: string[];
  };

  it('lists the published package (180 names)', () => {
    expect(runtimeExports).toHaveLength(180);
    expect(runtimeExports).toEqual(expect.arrayContaining(['AgentRuntime', 'TEEMode', 'ElizaOS', 'validateCharacter']));
  });

  it('has every one of them but the ones listed as not provided yet', () => {
    const exported = core as Record<string, unknown>;
    const missing = runtimeExports.filter((name) => !(name in exported) || exported[name] === undefined);
    expect(missing.filter((name) => !NOT_PROVIDED_YET.has(name))).toEqual([]);
    // A name provided since is taken off the list.
    expect([...NOT_PROVIDED_YET].filter((name) => !missing.includes(name))).toEqual([]);
    expect(runtimeExports.length - missing.length).toBeGreaterThanOrEqual(133);
  });
});
