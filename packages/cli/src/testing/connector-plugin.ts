import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The test connector's package name (and the path segment of its routes). */
export const CONNECTOR_PLUGIN = 'kith-connector-test';

/**
 * A connector as elizaOS connectors are written (plugin-discord,
 * plugin-telegram): a platform message becomes a Memory whose id is derived
 * from the platform's message id, handed in with MESSAGE_RECEIVED and a
 * callback that "posts" the replies to the platform. Here the platform is a
 * route (POST .../receive) and the posted replies are kept in memory
 * (GET .../told), with the process id of the server whose callback fired.
 * GET .../replies counts the agent's stored decisions per platform message.
 * Installed into @kith/cli's node_modules, where `kith start` run from this
 * package looks for plugins; returns the folder to remove afterwards.
 */
export function installConnectorPlugin(cliPackageDir: string): string {
  const dir = join(cliPackageDir, 'node_modules', CONNECTOR_PLUGIN);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: CONNECTOR_PLUGIN, version: '1.0.0', main: 'index.js' }),
  );
  writeFileSync(
    join(dir, 'index.js'),
    `'use strict';
const { ChannelType, createUniqueUuid } = require('@kith/core');
const told = [];
const idOf = (runtime, platformId) => createUniqueUuid(runtime, 'test-connector:' + platformId);
module.exports = {
  name: '${CONNECTOR_PLUGIN}',
  description: 'A platform connector for tests: MESSAGE_RECEIVED with a callback, as elizaOS connectors do',
  routes: [
    {
      type: 'POST',
      path: '/receive',
      handler: async (req, res, runtime) => {
        const { platformId, channel, user, text } = req.body;
        const roomId = createUniqueUuid(runtime, 'test-connector-channel:' + channel);
        const entityId = createUniqueUuid(runtime, 'test-connector-user:' + user);
        await runtime.ensureConnection({
          entityId, roomId, userName: user, name: user, source: 'test-connector',
          type: ChannelType.DM, channelId: channel, serverId: 'test-connector',
        });
        const message = {
          id: idOf(runtime, platformId), entityId, agentId: runtime.agentId, roomId,
          content: { text, source: 'test-connector', channelType: ChannelType.DM },
          createdAt: Date.now(),
        };
        const callback = async (content) => {
          told.push({ platformId, text: content.text || '', actions: content.actions || [], pid: process.pid });
          return [];
        };
        await runtime.emitEvent('MESSAGE_RECEIVED', { runtime, message, callback, source: 'test-connector' });
        res.json({ ok: true });
      },
    },
    { type: 'GET', path: '/told', handler: async (_req, res) => res.json(told) },
    {
      type: 'GET',
      path: '/replies',
      handler: async (req, res, runtime) => {
        const channel = String(req.query.channel);
        const roomId = createUniqueUuid(runtime, 'test-connector-channel:' + channel);
        const stored = await runtime.getMemories({ tableName: 'messages', roomId, count: 1000 });
        const counts = {};
        for (const platformId of String(req.query.platformIds).split(',')) {
          const key = createUniqueUuid(runtime, idOf(runtime, platformId));
          counts[platformId] = {
            messages: stored.filter((m) => m.id === idOf(runtime, platformId)).length,
            replies: stored.filter((m) => m.entityId === runtime.agentId && m.content.inReplyTo === key).length,
          };
        }
        res.json(counts);
      },
    },
  ],
};
`,
  );
  return dir;
}
